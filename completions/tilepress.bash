# bash completion for tilepress(1).  Installed by `make install' as
# $(PREFIX)/share/bash-completion/completions/tilepress.  Config keys and
# sheets come from `tilepress --list keys|sheets` for the game of the config
# on the command line (-c), so every game completes its own; the options
# and commands are checked against the sources by tests/cli/man_keys.sh.

_tilepress_list()
{
	# Completes the last item of a comma list in cur from the words in $1.
	local prefix=
	[[ $cur == *,* ]] && prefix=${cur%,*},
	COMPREPLY=($(compgen -W "$1" -P "$prefix" -- "${cur##*,}"))
	compopt -o nospace 2>/dev/null
}

_tilepress()
{
	local cur prev words cword
	if declare -F _init_completion >/dev/null 2>&1; then
		_init_completion -n =: || return
	else
		COMPREPLY=()
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD - 1]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
	fi

	local commands='check pattern manifest build simulate'
	local formats='pdf png svg dxf'
	local opts='-c --config -s --set -q --quiet -h --help -V --version --format
--games --spares --players -o --output --only --formats -j --jobs --level --clean
--seed --strategy --force --wait --list --game'

	# The config on the command line decides the game, and so the keys and
	# sheets: ask the program, which reads the same table as the config.
	local i cfg=() bin=${words[0]}
	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
		-c | --config) cfg=(-c "${words[i + 1]}") ;;
		--config=*) cfg=(-c "${words[i]#--config=}") ;;
		esac
	done
	_tilepress_ask()
	{
		"$bin" "${cfg[@]}" --list "$1" 2>/dev/null | cut -f 1
	}

	# The command given so far, if any (for --format's values).
	local cmd=
	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
		check | pattern | manifest | build) cmd=${words[i]} ;;
		esac
	done

	# --option=value in one word.
	if [[ $cur == --*=* ]]; then
		prev=${cur%%=*}
		cur=${cur#*=}
	fi

	case $prev in
	-c | --config)
		if declare -F _filedir >/dev/null 2>&1; then
			_filedir ini
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi
		return
		;;
	-o | --output)
		if declare -F _filedir >/dev/null 2>&1; then
			_filedir -d
		else
			COMPREPLY=($(compgen -d -- "$cur"))
		fi
		return
		;;
	--format)
		if [[ $cmd == pattern ]]; then
			COMPREPLY=($(compgen -W 'text csv' -- "$cur"))
		else
			COMPREPLY=($(compgen -W 'text csv json' -- "$cur"))
		fi
		return
		;;
	--only)
		_tilepress_list "$(_tilepress_ask sheets)"
		return
		;;
	--list)
		COMPREPLY=($(compgen -W 'games keys sheets inks' -- "$cur"))
		return
		;;
	--game)
		COMPREPLY=($(compgen -W "$("$bin" --list games 2>/dev/null)" -- "$cur"))
		return
		;;
	--formats)
		_tilepress_list "$formats"
		return
		;;
	-s | --set)
		local keys
		keys=$(_tilepress_ask keys | sed 's/$/=/')
		COMPREPLY=($(compgen -W "$keys" -- "$cur"))
		[[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
		return
		;;
	--games | --spares | --players | --level | -j | --jobs | --seed)
		return
		;;
	--strategy)
		_tilepress_list 'random greedy'
		return
		;;
	esac

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	elif [[ -z $cmd ]]; then
		COMPREPLY=($(compgen -W "$commands" -- "$cur"))
	fi
}
complete -F _tilepress tilepress
