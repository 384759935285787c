# UEFI side of upmon: the EFI application, its boot disk image and a QEMU run.
# Included by the top-level Makefile, which defines CORE_SRCS (the sources common to
# the host and UEFI builds). Toolchain: Debian's gnu-efi 3.0.15 (see
# /usr/include/efi, /usr/lib/crt0-efi-x86_64.o, /usr/lib/elf_x86_64_efi.lds).
#
#   make efi                     build/efi/upmon.efi
#   make image [CFG=file]        build/upmon.img: lab disk (BOOTX64.EFI = upmon, reads
#                                \upmon\upmon.cfg; startup.nsh for the shell)
#   make image SIGN_KEY=lab.key SIGN_CERT=lab.crt [SHIM=1]
#                                the same with upmon signed for Secure Boot with the lab's
#                                key (PEM) and its certificate at \upmon-lab.cer (DER);
#                                SHIM=1: booted through Debian's Microsoft-signed shim, with
#                                MokManager to enrol the key (docs/safety.md, Secure Boot)
#   make run ARGS='...' [TIMEOUT=s]
#                                boots QEMU into the UEFI shell, runs upmon ARGS, prints
#                                the exit status, powers off; exits with upmon's status
#   make e2e                     the QEMU end-to-end tests (tests/e2e/test_*.sh)
#
# Calling convention: -DGNU_EFI_USE_MS_ABI makes EFIAPI __attribute__((ms_abi)), so
# firmware services are called directly and every callback the firmware makes (MP
# services procedures, exception handlers) is declared EFIAPI. efi_main itself stays
# System V: gnu-efi's crt0 calls it.

EFI_ARCH := x86_64
EFI_INCDIR ?= /usr/include/efi
EFI_LIBDIR ?= /usr/lib
EFI_CC ?= gcc
EFI_LD ?= ld
EFI_OBJCOPY ?= objcopy
EFI_BUILD := build/efi

EFI_CFLAGS := -std=c11 -Wall -Wextra -Werror -O2 -I. \
	-I$(EFI_INCDIR) -I$(EFI_INCDIR)/$(EFI_ARCH) -DUPM_UEFI=1 -DGNU_EFI_USE_MS_ABI \
	-fpic -ffreestanding -fno-stack-protector -fno-stack-check -fshort-wchar \
	-mno-red-zone -maccumulate-outgoing-args -MMD -MP
EFI_LDFLAGS := -nostdlib -znocombreloc -shared -Bsymbolic -T $(EFI_LIBDIR)/elf_$(EFI_ARCH)_efi.lds
EFI_SECTIONS := -j .text -j .sdata -j .data -j .rodata -j .dynamic -j .dynsym \
	-j .rel -j .rela -j '.rel.*' -j '.rela.*' -j .reloc

# Deferred (=, and $$ below) so that CORE_SRCS may be defined before or after the
# include.
EFI_SRCS = $(CORE_SRCS) $(wildcard efi/*.c) $(wildcard platform/hw/*.c)
EFI_OBJS = $(patsubst %.c,$(EFI_BUILD)/obj/%.o,$(EFI_SRCS)) $(patsubst %.S,$(EFI_BUILD)/obj/%.o,$(KERNEL_ASM))

# The boot disk images and the QEMU run.
CFG ?=
ARGS ?= --backend mock --platform snbep check --quick
TIMEOUT ?= 120
EFI_IMAGE := build/upmon.img
EFI_RUN_IMAGE := build/run.img

# Secure Boot: tools/sign-efi.sh signs (sbsigntool); shim and MokManager from Debian's
# shim-signed and shim-helpers-amd64-signed (tools/deps.sh).
SIGN_KEY ?=
SIGN_CERT ?=
SHIM ?= 0
SHIM_EFI ?= /usr/lib/shim/shimx64.efi.signed
MOK_MANAGER_EFI ?= /usr/lib/shim/mmx64.efi.signed
EFI_SIGNED := $(EFI_BUILD)/upmon-signed.efi
EFI_LAB_CER := $(EFI_BUILD)/upmon-lab.cer

.PHONY: efi image run e2e

efi: $(EFI_BUILD)/upmon.efi

$(EFI_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(EFI_CC) $(EFI_CFLAGS) $(CPPFLAGS) -c $< -o $@

# The one object the source revision is compiled into (Makefile, build/revision).
$(EFI_BUILD)/obj/platform/base/revision.o: $(REVISION_STAMP)
$(EFI_BUILD)/obj/platform/base/revision.o: CPPFLAGS += $(REV_DEF)

# The kernels' inner loops (kernels/loops_sse2.S): assembled as the host build does,
# so both run the same instructions (tests/host/kernel_code.sh).
$(EFI_BUILD)/obj/%.o: %.S
	@mkdir -p $(dir $@)
	$(EFI_CC) -c $< -o $@

.SECONDEXPANSION:
$(EFI_BUILD)/upmon.so: $$(EFI_OBJS)
	@test -n "$(strip $(CORE_SRCS))" || { echo "tools/efi.mk: CORE_SRCS is empty" >&2; exit 1; }
	$(EFI_LD) $(EFI_LDFLAGS) $(EFI_LIBDIR)/crt0-efi-$(EFI_ARCH).o $(EFI_OBJS) \
		-o $@ -L$(EFI_LIBDIR) -lefi -lgnuefi

$(EFI_BUILD)/upmon.efi: $(EFI_BUILD)/upmon.so
	$(EFI_OBJCOPY) $(EFI_SECTIONS) --target efi-app-$(EFI_ARCH) --subsystem=10 $< $@

# Rebuilt every time: CFG names an outside file make cannot track.
image: $(EFI_BUILD)/upmon.efi
ifneq ($(SIGN_KEY)$(SIGN_CERT),)
	@[ -n "$(SIGN_KEY)" ] && [ -n "$(SIGN_CERT)" ] || { echo "make image: signing needs both SIGN_KEY=lab.key and SIGN_CERT=lab.crt (PEM; tools/lab-key.sh DIR makes a pair)" >&2; exit 2; }
	tools/sign-efi.sh $(EFI_BUILD)/upmon.efi $(EFI_SIGNED) $(SIGN_KEY) $(SIGN_CERT)
	openssl x509 -in $(SIGN_CERT) -outform DER -out $(EFI_LAB_CER)
	tools/mkimage.sh --cert $(EFI_LAB_CER) $(if $(filter 1,$(SHIM)),--shim $(SHIM_EFI) $(MOK_MANAGER_EFI)) \
		$(EFI_IMAGE) $(EFI_SIGNED) startup.nsh $(CFG)
else
	@[ "$(SHIM)" != 1 ] || { echo "make image: SHIM=1 needs SIGN_KEY=lab.key SIGN_CERT=lab.crt: shim starts only an upmon signed with a key the lab enrols (tools/lab-key.sh DIR makes a pair)" >&2; exit 2; }
	tools/mkimage.sh $(EFI_IMAGE) $(EFI_BUILD)/upmon.efi startup.nsh $(CFG)
endif

run: deps $(EFI_BUILD)/upmon.efi
	tools/nsh-script.sh $(EFI_BUILD)/run.nsh -- $(ARGS)
	tools/mkimage.sh --shell-only $(EFI_RUN_IMAGE) $(EFI_BUILD)/upmon.efi $(EFI_BUILD)/run.nsh $(CFG)
	tools/qemu-run.sh $(EFI_RUN_IMAGE) $(TIMEOUT)

e2e: deps $(EFI_BUILD)/upmon.efi
	@for t in tests/e2e/test_*.sh; do bash $$t; done | tee $(EFI_BUILD)/e2e.log; \
	echo "e2e: $$(grep -c '^PASS ' $(EFI_BUILD)/e2e.log) passed, $$(grep -c '^FAIL ' $(EFI_BUILD)/e2e.log) failed"; \
	! grep -q '^FAIL ' $(EFI_BUILD)/e2e.log

-include $(shell find $(EFI_BUILD)/obj -name '*.d' 2>/dev/null)
