#!/usr/bin/env bash
# Checks README's install without packaging (set-up's configuration and target in a fresh build
# directory, then `cmake --install --prefix`: binary, man page and completions installed). Then
# builds the Debian package (scripts/package.sh), installs it with apt as a user would, and checks
# the installed profdiff: its version, that it runs with the libraries the package depends on,
# `man -w profdiff`, the bash completion (loaded on demand by bash-completion: `complete -p
# profdiff` and a completion result) and the zsh completion (registered from $fpath by
# compinit). Prints one "PASS package: <check>" or "FAIL package: <check>" line per check, which
# scripts/test.sh counts; the exit status is 0 when every check passed. Needs root (apt-get) and
# scripts/install-deps.sh's packages. The package is removed again afterwards, unless it was
# installed before or PROFDIFF_KEEP_PACKAGE=1.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=0
pass() { echo "PASS package: $*"; }
fail() {
  echo "FAIL package: $*"
  failed=1
}
# check NAME COMMAND...: runs the command, PASS when it succeeds.
check() {
  local name=$1
  shift
  if "$@"; then pass "$name"; else fail "$name"; fi
}

# README "Install", without packaging: set-up's configuration and target in a fresh build
# directory, then `cmake --install` to a prefix. Everything installed must have been built by
# that one target (the man page too), and must work from the prefix.
# The fresh build directory is a sibling of build/ inside the checkout: ccache hashes paths
# relative to the checkout (scripts/cmake_args.sh), so there it reuses build/'s objects, where a
# directory under /tmp would compile everything again.
readme_install() {
  local work build status=0
  work="$(mktemp -d)"
  build="$PWD/build-readme-install"
  rm -rf "$build"
  source scripts/cmake_args.sh
  if ! { cmake -S . -B "$build" "${profdiff_release_args[@]}" "${profdiff_launcher_args[@]}" &&
    cmake --build "$build" -j"$(nproc)" --target profdiff &&
    cmake --install "$build" --prefix "$work/prefix"; } > "$work/log" 2>&1; then
    tail -n 20 "$work/log"
    status=1
  elif ! [[ $("$work/prefix/bin/profdiff" --version) == "profdiff $(sed -nE \
    's/^project\(profdiff VERSION ([0-9.]+).*/\1/p' CMakeLists.txt)" &&
    $(gzip -dc "$work/prefix/share/man/man1/profdiff.1.gz" | grep -c '^\.TH PROFDIFF 1 ') == 1 &&
    -f "$work/prefix/share/bash-completion/completions/profdiff" &&
    -f "$work/prefix/share/zsh/site-functions/_profdiff" ]]; then
    find "$work/prefix" -type f
    status=1
  fi
  rm -rf "$work" "$build"
  return $status
}
check "README's set-up then cmake --install --prefix installs binary, man page, completions" \
  readme_install

if [[ $(id -u) -ne 0 ]]; then
  fail "install with apt needs root"
  exit 1
fi

deb="$(bash scripts/package.sh | tail -n 1)"
if [[ ! -f $deb ]]; then
  fail "build the .deb (scripts/package.sh)"
  exit 1
fi
pass "build $deb"
version="$(dpkg-deb -f "$deb" Version)"
echo "Depends: $(dpkg-deb -f "$deb" Depends)"
check "Depends lists the runtime libraries" \
  bash -c "dpkg-deb -f '$deb' Depends | grep -q 'libc6' && dpkg-deb -f '$deb' Depends | grep -q 'libstdc++6' && dpkg-deb -f '$deb' Depends | grep -q 'libjemalloc2'"

installed_before=0
dpkg -s profdiff > /dev/null 2>&1 && installed_before=1
export DEBIAN_FRONTEND=noninteractive
if apt-get install -y -q --reinstall "./$deb" > /dev/null; then
  pass "apt-get install ./$deb"
else
  fail "apt-get install ./$deb"
  exit 1
fi

check "profdiff --version is profdiff $version" \
  bash -c "[[ \$(/usr/bin/profdiff --version) == 'profdiff $version' ]]"
J=fixtures/jit-example
check "the installed profdiff compares (exit 2 with --fail-on=any)" \
  bash -c "/usr/bin/profdiff jit-vs-jit $J/exp1/log $J/exp1/prof.json $J/exp2/log \
    $J/exp2/prof.json --fail-on=any > /dev/null 2>&1; [[ \$? -eq 2 ]]"
check "the JFR settings are installed at /usr/share/profdiff/profdiff.jfc" \
  bash -c "grep -q '<event name=\"jdk.Compilation\">' /usr/share/profdiff/profdiff.jfc"
check "man -w profdiff" \
  bash -c "[[ \$(man -w profdiff) == /usr/share/man/man1/profdiff.1.gz ]]"
check "man profdiff renders its EXIT STATUS section" \
  bash -c "MANWIDTH=80 man profdiff 2> /dev/null | grep -q '^EXIT STATUS'"
# bash-completion's loader finds the file by the command's name, as in an interactive shell.
# (_completion_loader returns 124, "retry the completion", when it loaded one.)
check "bash: complete -p profdiff" \
  bash -c "source /usr/share/bash-completion/bash_completion && { _completion_loader profdiff;
    [[ \$(complete -p profdiff) == 'complete -F _profdiff profdiff' ]]; }"
check "bash: compgen of commands and option values" \
  bash -c 'source /usr/share/bash-completion/bash_completion && { _completion_loader profdiff;
    COMP_WORDS=(profdiff jit-vs) COMP_CWORD=1 && _profdiff; } &&
    [[ "${COMPREPLY[*]}" == "jit-vs-jit jit-vs-jit-runs jit-vs-aot" ]] &&
    COMP_WORDS=(profdiff --fail-on "") COMP_CWORD=2 && _profdiff &&
    [[ "${COMPREPLY[*]}" == "none inlining optimization any" ]]'
check "zsh: compinit registers _profdiff from \$fpath" \
  zsh -fc 'autoload -Uz compinit && compinit -u -d "${TMPDIR:-/tmp}/profdiff-zcompdump-$$" &&
    [[ $_comps[profdiff] == _profdiff ]]'

if [[ $installed_before -eq 0 && ${PROFDIFF_KEEP_PACKAGE:-0} != 1 ]]; then
  apt-get remove -y -q profdiff > /dev/null || fail "apt-get remove profdiff"
fi
exit $failed
