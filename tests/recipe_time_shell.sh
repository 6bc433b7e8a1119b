#!/bin/bash
# make's SHELL for `make test-profile`: runs each recipe line as bash would and appends one line
# to $NP_RECIPE_LOG: "<wall s> <user s> <sys s>", its folder and its command text (head and tail:
# a recipe's identity is at either end), tab-separated. CPU times include the line's children,
# so a line that runs a recursive make counts what that make ran (the report leaves those out).
set -u
log=${NP_RECIPE_LOG:?NP_RECIPE_LOG: the log file to append to}
t=$(mktemp "${TMPDIR:-/tmp}/np-recipe.XXXXXX")
/usr/bin/time -f "%e %U %S" -o "$t" /bin/bash "$@"
rc=$?
cmd=$(printf '%s' "${!#}" | tr '\n\t' '  ')
printf '%s\t%s\t%s ... %s\n' "$(tail -n 1 "$t")" "$PWD" "${cmd:0:80}" "${cmd: -220}" >>"$log"
rm -f "$t"
exit $rc
