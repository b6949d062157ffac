# bash completion for profdiff                                  -*- shell-script -*-
#
# Installed as share/bash-completion/completions/profdiff, where bash-completion loads it the
# first time profdiff is completed; it needs nothing of bash-completion, so
# `source completions/profdiff.bash` works without it. Completes the commands, the options, their
# values, directories for optimization logs and JSON files for profiles and `render`.
# tests/run_docs_checks.py checks that it knows every option and command of `profdiff help`.

_profdiff_commands="report jit-vs-jit jit-vs-jit-runs jit-vs-aot aot-vs-aot aot-vs-aot-jit-profile
  stats render help"
_profdiff_value_options="--hot-min-limit --hot-max-limit --hot-percentile
  --optimization-context-tree --diff-compilations --long-bci --sort-inlining-tree
  --sort-unordered-phases --remove-detailed-phases --prune-identities --create-fragments
  --inliner-reasoning --format --explanation --summary --fail-on --fail-min-share --method
  --tiers --decisions --show-moved --require --color --progress --stable-share --noise-share --show-noise"
# jit-vs-jit-runs: each --exp1/--exp2 is followed by pairs of a log directory and a profile.
_profdiff_flag_options="--help -h --version --exp1 --exp2"

# The values of option $1, if it has a fixed set.
_profdiff_option_values() {
  case $1 in
    --format) echo "text json csv html" ;;
    --fail-on) echo "none inlining optimization any" ;;
    --color | --progress) echo "auto always never" ;;
    # --tiers also takes lists (1,4 or c1,4): these are its single values.
    --tiers) echo "top all c1 c2 1 2 3 4" ;;
    --optimization-context-tree | --diff-compilations | --long-bci | --sort-inlining-tree | \
      --sort-unordered-phases | --remove-detailed-phases | --prune-identities | \
      --create-fragments | --inliner-reasoning | --explanation | --summary | --decisions | \
      --show-moved | --show-noise)
      echo "true false" ;;
  esac
}

# What the positional argument number $2 (1-based) of command $1 is: dir, json, stream, command.
_profdiff_argument_kind() {
  case $1:$2 in
    report:1 | jit-vs-jit:1 | jit-vs-jit:3 | jit-vs-aot:1 | jit-vs-aot:3 | aot-vs-aot:1 | \
      aot-vs-aot:3 | aot-vs-aot-jit-profile:1 | aot-vs-aot-jit-profile:3 | \
      aot-vs-aot-jit-profile:4)
      echo dir ;;
    report:2 | jit-vs-jit:2 | jit-vs-jit:4 | jit-vs-aot:2 | jit-vs-aot:4 | aot-vs-aot:2 | \
      aot-vs-aot:4 | aot-vs-aot-jit-profile:2)
      echo json ;;
    stats:* | jit-vs-jit-runs:*) echo path ;;
    render:1) echo stream ;;
    help:1) echo command ;;
  esac
}

_profdiff() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  local prev=${COMP_WORDS[COMP_CWORD - 1]}
  local option=""
  COMPREPLY=()
  # An option's value: `--name value`, or `--name=value` (bash splits the word at '=').
  if [[ $cur == "=" ]]; then
    option=$prev
    cur=""
  elif [[ $prev == "=" && COMP_CWORD -ge 2 ]]; then
    option=${COMP_WORDS[COMP_CWORD - 2]}
  elif [[ " ${_profdiff_value_options//$'\n'/ } " == *" $prev "* ]]; then
    option=$prev
  fi
  if [[ -n $option ]]; then
    local values
    values=$(_profdiff_option_values "$option")
    if [[ $option == --require ]]; then
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")  # a rule file: any file
    else
      [[ -n $values ]] && mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
    fi
    return 0
  fi
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$_profdiff_value_options $_profdiff_flag_options" \
      -- "$cur")
    return 0
  fi
  # The command and how many of its arguments come before the word being completed.
  local command="" position=0 i=1 word
  while ((i < COMP_CWORD)); do
    word=${COMP_WORDS[i]}
    if [[ " ${_profdiff_value_options//$'\n'/ } " == *" $word "* ]]; then
      if [[ ${COMP_WORDS[i + 1]} == "=" ]]; then ((i += 3)); else ((i += 2)); fi
      continue
    fi
    if [[ $word != -* ]]; then
      if [[ -z $command ]]; then command=$word; else ((position++)); fi
    fi
    ((i++))
  done
  if [[ -z $command ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$_profdiff_commands" -- "$cur")
    return 0
  fi
  case $(_profdiff_argument_kind "$command" $((position + 1))) in
    dir)
      compopt -o filenames 2> /dev/null
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
      ;;
    json | stream)
      local pattern='!*.json'
      [[ $command == render ]] && pattern='!*.@(json|jsonl)'
      compopt -o filenames 2> /dev/null
      mapfile -t COMPREPLY < <(
        shopt -s extglob
        compgen -f -X "$pattern" -- "$cur"
        compgen -d -- "$cur"
      )
      ;;
    path)
      # A directory (an optimization log) or a file (a profile).
      compopt -o filenames 2> /dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      ;;
    command)
      mapfile -t COMPREPLY < <(compgen -W "$_profdiff_commands" -- "$cur")
      ;;
  esac
  return 0
}

complete -F _profdiff profdiff
