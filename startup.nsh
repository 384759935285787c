@echo -off
# upmon lab default: run the health check (upmon.efi check) from the volume that holds
# it, print its exit status (0 PASS, 1 WARN, 2 FAIL, 3 INCOMPLETE, 4 usage), stay in the shell.
# (A disk with \EFI\BOOT\BOOTX64.EFI boots upmon directly, configured by
# \upmon\upmon.cfg, and runs check too when that names no command; this script runs
# when the firmware falls back to its shell, which it may also do after upmon returns.
# Then upmon has set the volatile variable upmon_ran_from_firmware, which lasts until
# the next reset: its check has run in this boot, so this script does not run a second
# one over what the lab wanted to see; it deletes the variable.
# A run that did not finish leaves \upmon\results\in-progress.txt: the machine reset
# during it, and would again, so this script does not run check; `upmon.efi version`
# reports that run, records it as INTERRUPTED and removes the file: the next boot runs check.)
set upmon_done no
if "%upmon_ran_from_firmware%" == "yes" then
  set upmon_done yes
  echo "upmon already ran from the firmware in this boot (its results are in \upmon\results): not running check again"
  set -d upmon_ran_from_firmware
endif
for %v in fs0 fs1 fs2 fs3 fs4 fs5 fs6 fs7 fs8 fs9
  if "%upmon_done%" == "no" then
    if exist %v:\upmon\results\in-progress.txt then
      set upmon_done yes
      echo "upmon's last run did not finish (the machine reset or hung): not running check again"
      %v:
      upmon.efi version
    endif
  endif
  if "%upmon_done%" == "no" then
    if exist %v:\upmon.efi then
      set upmon_done yes
      %v:
      upmon.efi check
      echo "upmon exit status %lasterror%"
    endif
  endif
endfor
