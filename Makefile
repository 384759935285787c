# upmon: one core, two builds (build/efi/upmon.efi and build/host/upmon).
# `make run` and `make test` install missing Debian packages first (tools/deps.sh).

CC ?= gcc
# The source revision every results file names (platform/base/revision.c). build/revision
# holds the revision the last build used and is rewritten here, as make reads this file,
# only when the revision has changed (a commit, or a tree made dirty or clean again):
# what compiles revision.c depends on it, so the program never names a revision it was
# not built from. `make UPM_REVISION=...` sets another (tests/host/revision_stamp.sh).
UPM_REVISION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
REV_DEF := -DUPM_REVISION='"$(UPM_REVISION)"'
REVISION_STAMP := build/revision
$(shell mkdir -p build && { [ "$$(cat $(REVISION_STAMP) 2>/dev/null)" = '$(UPM_REVISION)' ] || \
	printf '%s\n' '$(UPM_REVISION)' > $(REVISION_STAMP); })
CSTD := -std=c11 -Wall -Wextra -Werror
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# The sanitized programs start a few thousand times in the host tests: the sanitizer
# runtimes linked in (no libasan, libubsan and libstdc++ to load and relocate) make each
# start about a third cheaper, and linking at a fixed address (not position-independent)
# another third: a PIE's 3 MB of tables of pointers are relocated, page by page, at every
# start. What they check is the same.
SAN_LDFLAGS := -static-libasan -static-libubsan -no-pie

# Sources common to both builds: everything but the environment layers. core/ is in
# rooms, one folder each (core/README.md); core/host/ is the host environment layer.
CORE_ROOMS := $(filter-out core/host/,$(wildcard core/*/))
CORE_SRCS := $(sort $(wildcard $(addsuffix *.c,$(CORE_ROOMS)) platform/*.c platform/base/*.c platform/mock/*.c platform/mock/*/*.c boxes/*.c boxes/*/*.c kernels/*.c))
# The kernels' inner loops are assembly (kernels/loops_sse2.S): every build assembles
# the same file, so the host program and the UEFI application run the same instructions
# (tests/host/kernel_code.sh compares them).
KERNEL_ASM := $(wildcard kernels/*.S)
HOST_ASM_OBJS := $(patsubst %.S,build/host/obj/%.o,$(KERNEL_ASM))
HOST_SRCS := $(wildcard core/host/*.c platform/linux/*.c)
# tests/unit/<room>/test_*.c, grouped by room as the code is; the shared helpers (test.h,
# fixture.c, main.c, ...) sit in tests/unit/ itself.
TEST_SRCS := $(wildcard tests/unit/*.c tests/unit/*/*.c)
HDRS := $(wildcard core/*/*.h platform/*.h platform/linux/*.h platform/base/*.h platform/mock/*.h platform/mock/*/*.h boxes/*.h boxes/*/*.h kernels/*.h tests/unit/*.h tests/unit/*/*.h)

# JOBS: how many compilers run at once (every processor by default).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all host efi image run test check unit e2e bench deps clean fuzz fuzz-build
all: host efi

host: build/host/upmon

# Per-file objects, with their header dependencies (-MMD), so an edit recompiles the files
# it touches and `make -j` uses every processor. Two object sets: build/host/obj (-O2, the
# host program) and build/san/obj (-O1 under ASan and UBSan: the unit tests and the
# sanitized host program share them). The sanitized objects carry line tables only (-g1):
# all a sanitizer's report prints is functions, files and lines, and full debug
# information would cost a quarter of their compile time.
HOST_CFLAGS := $(CSTD) -O2 -g -I. -MMD -MP
SAN_CFLAGS := $(CSTD) -O1 -g1 $(SAN) -fno-pie -I. -MMD -MP
HOST_OBJS := $(patsubst %.c,build/host/obj/%.o,$(CORE_SRCS) $(HOST_SRCS))
SAN_CORE_OBJS := $(patsubst %.c,build/san/obj/%.o,$(CORE_SRCS) $(filter-out core/host/main.c,$(HOST_SRCS)))
SAN_MAIN_OBJ := build/san/obj/core/host/main.o
SAN_TEST_OBJS := $(patsubst %.c,build/san/obj/%.o,$(TEST_SRCS))

build/host/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) $(CPPFLAGS) -c $< -o $@

build/san/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(CPPFLAGS) -c $< -o $@

# The one object the source revision is compiled into (build/revision, above), and the
# only one compiled with it, so a commit recompiles nothing else.
build/host/obj/platform/base/revision.o build/san/obj/platform/base/revision.o: $(REVISION_STAMP)
build/host/obj/platform/base/revision.o build/san/obj/platform/base/revision.o: CPPFLAGS += $(REV_DEF)

build/host/upmon: $(HOST_OBJS) $(HOST_ASM_OBJS)
	@mkdir -p $(@D)
	$(CC) -o $@ $^

# kbench (tools/kbench.c, for tools/bench_kernels.sh): the stress kernels linked from the
# host program's objects, its main left out, so a bench or its test compiles one file.
build/host/kbench: build/host/tools/kbench.o $(filter-out build/host/obj/core/host/main.o,$(HOST_OBJS)) $(HOST_ASM_OBJS)
	$(CC) -o $@ $^ -lpthread

build/host/tools/%.o: tools/%.c
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) $(CPPFLAGS) -c $< -o $@

# The same kbench from the sanitized objects, for the bench's own test
# (tests/host/bench_verdict.sh, KBENCH_TARGET): it runs where make check built only those.
build/test/kbench: build/san/tools/kbench.o $(SAN_CORE_OBJS) $(HOST_ASM_OBJS)
	@mkdir -p $(@D)
	$(CC) $(SAN) $(SAN_LDFLAGS) -o $@ $^ -lpthread

build/san/tools/%.o: tools/%.c
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(CPPFLAGS) -c $< -o $@

# The kernels' assembly as objects of their own, which tests/host/kernel_code.sh
# disassembles beside the UEFI build's.
build/host/obj/%.o: %.S
	@mkdir -p $(@D)
	$(CC) -c $< -o $@

# Unit tests link the core with the host OS layer (not its main) under ASan and UBSan.
build/test/upmon-tests: $(SAN_CORE_OBJS) $(SAN_TEST_OBJS) $(HOST_ASM_OBJS)
	@mkdir -p $(@D)
	$(CC) $(SAN) $(SAN_LDFLAGS) -o $@ $^

# The same host program under the sanitizers, for the command-level tests.
build/test/upmon-san: $(SAN_CORE_OBJS) $(SAN_MAIN_OBJ) $(HOST_ASM_OBJS)
	@mkdir -p $(@D)
	$(CC) $(SAN) $(SAN_LDFLAGS) -o $@ $^

-include $(shell find build/host/obj build/host/tools build/san/obj -name '*.d' 2>/dev/null)

include tools/efi.mk

# Fuzzing with libFuzzer (clang): the command line, event specs, the configuration file,
# mock fault specs, SMBIOS, MCFG and SRAT tables, uncore discovery tables, trace files
# for replay, JSON (other runs' results.json, as fleet reads them) and what comes over
# the network (HTTP answers, URLs, an object store's listing: tests/fuzz/).
# `make fuzz` runs each target FUZZ_SECONDS (600); `make test` runs a short fuzz
# (tests/host/fuzz.sh). Warnings are not fatal here: clang and gcc warn differently, and
# the gcc builds hold -Werror.
FUZZ_TARGETS := cli spec config faults smbios replay acpi discovery json http s3list
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 600
# The fuzz targets link the tree from an archive, so each takes only the objects its parser
# reaches. Unoptimized, clang compiles in a third of the time -O1 takes, which is most of
# what the short fuzz of `make test` would cost. The long fuzz (`make fuzz`) builds at
# -O1, where each input runs faster; each level has its own objects (build/fuzz/obj-O0,
# build/fuzz/obj-O1).
FUZZ_OPT ?= -O0
FUZZ_OBJ := build/fuzz/obj$(FUZZ_OPT)
FUZZ_CFLAGS := -std=c11 -g $(FUZZ_OPT) -I. -fsanitize=address,undefined -fno-sanitize-recover=all
# The rooms no fuzzed parser reaches (the check, the results writers, the stress kernels;
# and of the host layer, the Linux backends) are not compiled: a fifth less to build. A
# parser that comes to need one fails to link, naming what it misses: add it here then.
FUZZ_UNREACHED := core/check/% core/results/% kernels/%
FUZZ_OBJS = $(patsubst %.c,$(FUZZ_OBJ)/%.o,$(filter-out $(FUZZ_UNREACHED),$(CORE_SRCS)) core/host/os_host.c \
	core/host/knobs.c core/host/http_host.c)
# Members named by their whole path (P): several folders hold a model.c.
FUZZ_LIB := $(FUZZ_OBJ)/libupmon.a

# Kept between builds (make would delete them as intermediate files).
.PRECIOUS: $(FUZZ_OBJ)/%.o
$(FUZZ_OBJ)/%.o: %.c $(HDRS)
	@mkdir -p $(@D)
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(CPPFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_OBJ)/platform/base/revision.o: $(REVISION_STAMP)
$(FUZZ_OBJ)/platform/base/revision.o: CPPFLAGS += $(REV_DEF)

$(FUZZ_LIB): $(FUZZ_OBJS)
	@rm -f $@
	@ar rcsP $@ $^

build/fuzz/fuzz-%: tests/fuzz/fuzz_%.c $(FUZZ_LIB)
	@echo "  $(FUZZ_CC) -fsanitize=fuzzer $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ -lpthread

fuzz-build: $(addprefix build/fuzz/fuzz-,$(FUZZ_TARGETS))

fuzz: deps
	@$(MAKE) --no-print-directory fuzz-build FUZZ_OPT=-O1
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash tests/fuzz/run.sh

deps:
	@bash tools/deps.sh

unit:
	@$(MAKE) --no-print-directory -j$(JOBS) build/test/upmon-tests
	./build/test/upmon-tests

# tests/run.sh runs its suites side by side (JOBS=N at once, UNIT_SHARDS=N unit processes)
# and prints its own time; the line after it is the whole target's, the build included.
test: deps
	@began=$$(date +%s); \
	$(MAKE) --no-print-directory -j$(JOBS) build/test/upmon-tests build/test/upmon-san build/host/upmon efi fuzz-build && \
	bash tests/run.sh; status=$$?; \
	echo "-- make test: $$(($$(date +%s) - began)) s wall, the build included"; exit $$status

# The host unit and command tests, without QEMU, without the short fuzz (whose clang
# build of the whole tree would cost more than the tests) and without the suites that read
# the UEFI build: the quick loop while editing. It builds the sanitized objects only (the
# unit binary and upmon-san share them); the UEFI image and the optimised host program,
# two more builds of every source, are make test's. The room check reads the sanitized
# objects and names efi/ and platform/hw/ as not read.
check: deps
	@began=$$(date +%s); \
	$(MAKE) --no-print-directory -j$(JOBS) build/test/upmon-tests build/test/upmon-san && \
	UPMON_SKIP_QEMU=1 UPMON_SKIP_FUZZ=1 UPMON_SKIP_IMAGE=1 bash tests/run.sh; status=$$?; \
	echo "-- make check: $$(($$(date +%s) - began)) s wall, the build included"; exit $$status

bench: deps
	@$(MAKE) --no-print-directory efi
	@bash tools/bench.sh

clean:
	rm -rf build upmon-results
