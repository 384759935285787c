#!/usr/bin/env bash
# Which command runs, on the host (which behaves like the UEFI shell: a command line
# always exists, so there is no default job; tests/unit/commands/test_app_options.c has the
# firmware side, tests/e2e/test_removable_default_check.sh the boot itself).
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

# Nothing typed at all: the overview, as 'upmon help' (and nothing written).
run bare
expect bare host/launch_nothing_typed_shows_the_overview 0 '^usage: upmon \[OPTIONS\] COMMAND' '^commands:$'
[ ! -e "$WORK/upmon-results" ] && pass host/launch_nothing_typed_writes_nothing ||
	fail host/launch_nothing_typed_writes_nothing "$(ls "$WORK/upmon-results")"
run nocmd --backend mock --platform snbep
expect nocmd host/launch_no_command_is_an_error 4 "^upmon: error: no command given \\(try 'upmon help'\\)$"
expect_not nocmd host/launch_no_command_runs_nothing 4 '^(check|selftest):'

# args may hold options only: they are defaults for the command the command line names.
printf 'args = --backend mock --platform snbep --sockets 1\n' >"$WORK/opts.cfg"
run optsinfo --config opts.cfg info
expect optsinfo host/launch_config_options_with_command_line_command 0 \
	'^platform: snbep, ' '^uncore: socket 0 bus 0x7f'
expect_not optsinfo host/launch_config_options_respected 0 'socket 1 bus'
run optsnone --config opts.cfg
expect optsnone host/launch_config_options_without_command_is_an_error 4 \
	"^upmon: error: no command given \\(try 'upmon help'\\)$"

# A bad args line is one line naming the file and line, exit status 4.
printf '# lab\nargs = --backend mock --platform snbep --sockets 0\n' >"$WORK/badargs.cfg"
run badargs --config badargs.cfg info
expect badargs host/launch_bad_config_args_name_file_line 4 \
	'^upmon: error: badargs.cfg:2: args: --sockets takes a number from 1 to 8, not .0.$'
[ "$(wc -l <"$WORK/badargs.out")" = 1 ] && pass host/launch_bad_config_args_one_line ||
	fail host/launch_bad_config_args_one_line "$(wc -l <"$WORK/badargs.out") lines"
