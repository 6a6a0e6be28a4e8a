# bash completion for windtunnel (docs/cli.md, "Man pages and shell completion"): subcommands, each
# subcommand's options, the values of --engine, and the files an argument takes (*.json scenarios,
# plans, datasets and profiles; *.md reports; *.svg and *.png plots; *.csv tables; folders for
# --emit, --checkpoint and --chakra).
# Installed as share/bash-completion/completions/windtunnel; tests/install/completion_test.sh checks
# that every option of every subcommand's --help is offered here.

# Offers the folders and the files matching any of the globs given (all files when none).
_windtunnel_files() {
  compopt -o filenames 2>/dev/null
  local IFS=$'\n' glob
  COMPREPLY=($(compgen -d -- "$cur"))
  if [[ $# -eq 0 ]]; then
    COMPREPLY+=($(compgen -f -- "$cur"))
  fi
  for glob in "$@"; do
    COMPREPLY+=($(compgen -f -X "!$glob" -- "$cur"))
  done
}

_windtunnel_folders() {
  compopt -o filenames 2>/dev/null
  local IFS=$'\n'
  COMPREPLY=($(compgen -d -- "$cur"))
}

_windtunnel() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local subcommands="run catalog validate plan topo sweep serve serve-plan share"
  local sub="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ " $subcommands " == *" ${COMP_WORDS[i]} "* ]]; then
      sub=${COMP_WORDS[i]}
      break
    fi
  done
  COMPREPLY=()
  if [[ -z $sub ]]; then
    COMPREPLY=($(compgen -W "$subcommands -h --help --version" -- "$cur"))
    return
  fi

  local opts="-h --help -q --quiet"
  case $sub in
    run) opts+=" --engine --profile --set --json --trace --report --plot --emit --chakra --max-memory
                 --max-trace" ;;
    catalog) opts+=" --json" ;;
    validate) opts+=" --json --csv --emit-scenarios --set --write-bands --force" ;;
    plan) opts+=" --json --csv --top --jobs --shard --merge --refine --emit --checkpoint --checkpoint-shards
                  --max-search-time --prices" ;;
    topo) opts+=" --set --json --max-memory" ;;
    sweep) opts+=" --vary --set --json --plot --csv" ;;
    serve) opts+=" --set --json --trace" ;;
    serve-plan) opts+=" --json" ;;
    share) opts+=" --json" ;;
  esac

  # The argument of the option before the cursor.
  case $prev in
    --engine) COMPREPLY=($(compgen -W "analytical simgrid" -- "$cur")); return ;;
    --profile | --trace | --write-bands | --merge) _windtunnel_files '*.json'; return ;;
    --report) _windtunnel_files '*.md'; return ;;
    --plot) _windtunnel_files '*.svg' '*.png'; return ;;
    --csv) _windtunnel_files '*.csv'; return ;;
    --emit | --emit-scenarios | --checkpoint | --chakra) _windtunnel_folders; return ;;
    --set | --vary | --top | --jobs | --shard | --refine | --checkpoint-shards | --max-memory | \
      --max-trace | --max-search-time) return ;;  # a value to type: nothing to offer
  esac

  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [[ $sub != catalog ]]; then
    _windtunnel_files '*.json'  # the scenario, plan or dataset files (and shards after --merge)
  fi
}
complete -F _windtunnel windtunnel
