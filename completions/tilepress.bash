# bash completion for tilepress(1).  Installed by `make install' as
# $(PREFIX)/share/bash-completion/completions/tilepress.  Config keys and
# sheets come from `tilepress --list keys|sheets` for the game of the config
# on the command line (-c), so every game completes its own; -c completes
# the shipped editions (`--list editions`) and .ini files, and
# `-s KEY=` the values of a choice or on/off key.  Works with and without
# the bash-completion package, for `tilepress` on the PATH and
# `./tilepress` in a clone.  The options and commands are checked against
# the sources by tests/cli/man_keys.sh, the rest by tests/cli/newuser.sh.

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
	elif [[ -n ${COMP_LINE-} ]]; then
		# Without bash-completion: split the line on blanks only, so that
		# "-s print.layout=pu" stays one word (bash's own COMP_WORDS break
		# it at '=' and ':').
		local line=${COMP_LINE:0:${COMP_POINT:-${#COMP_LINE}}}
		read -ra words <<<"$line"
		if [[ $line == *[[:space:]] ]]; then
			words+=("")
		fi
		cword=$((${#words[@]} - 1))
		cur=${words[cword]}
		prev=${words[cword - 1]}
	else
		COMPREPLY=()
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD - 1]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
	fi

	local commands='check pattern manifest build simulate watch preflight pack'
	local formats='pdf png svg dxf'
	local opts='-c --config -s --set -q --quiet -h --help -V --version --format
--games --spares --players -o --output --only --formats -j --jobs --level --clean
--seed --strategy --force --wait --serve --accept-preflight --profile --press --list --game'

	# The program to ask: the one being completed, else tilepress on the
	# PATH, else ./tilepress (a fresh clone).
	local bin=${words[0]}
	if ! command -v "$bin" >/dev/null 2>&1; then
		if command -v tilepress >/dev/null 2>&1; then
			bin=tilepress
		else
			bin=./tilepress
		fi
	fi

	# The config on the command line decides the game, and so the keys and
	# sheets: ask the program, which reads the same table as the config.
	local i cfg=()
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
		check | pattern | manifest | build | simulate | watch) cmd=${words[i]} ;;
		esac
	done

	# --option=value in one word.
	if [[ $cur == --*=* ]]; then
		prev=${cur%%=*}
		cur=${cur#*=}
	fi

	case $prev in
	-c | --config)
		# The shipped editions by name, and config files.
		local editions
		editions=$("$bin" --list editions 2>/dev/null)
		if declare -F _filedir >/dev/null 2>&1; then
			_filedir ini
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi
		COMPREPLY+=($(compgen -W "$editions" -- "$cur"))
		return
		;;
	--profile)
		COMPREPLY=($(compgen -W "generic-x1a punchboard x4" -- "$cur"))
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
		COMPREPLY=($(compgen -W 'games editions keys sheets inks art factories' -- "$cur"))
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
		if [[ $cur == *=* ]]; then
			# KEY=VALUE: the values of a choice or on/off key (the third
			# field of --list keys).
			local key=${cur%%=*} values
			if [[ $key == print.font ]]; then
				# Font files (.ttf, .otf) and the folders to find them in.
				local prefix="$key="
				[[ ${COMP_WORDBREAKS-=} == *=* ]] && prefix=
				COMPREPLY=($(compgen -f -X '!*.[to]tf' -P "$prefix" -- "${cur#*=}")
					$(compgen -d -S / -P "$prefix" -- "${cur#*=}"))
				compopt -o nospace 2>/dev/null
				return
			fi
			values=$("$bin" "${cfg[@]}" --list keys 2>/dev/null | awk -F '\t' -v k="$key" '$1 == k { print $3 }')
			if [[ $key == *.pictures || $key == table.order || $key == hex.order ]]; then
				# The pictures (or triangles) files in the data folders
				# tilepress reads (the current folder, its own, the
				# installed share).
				local exe d f sub=pictures
				[[ $key == *.order ]] && sub=triangles
				exe=$(command -v "$bin" 2>/dev/null)
				for d in . "${exe%/*}" "${exe%/*}/../share/tilepress"; do
					for f in "$d"/templates/$sub/*.ini; do
						[[ -e $f ]] && f=${f##*/} && values+=" ${f%.ini}"
					done
				done
				values=$(printf '%s\n' $values | sort -u)
			fi
			# Readline replaces only the text after '=' when '=' breaks
			# words: then it gets the values alone.
			local prefix="$key="
			[[ ${COMP_WORDBREAKS-=} == *=* ]] && prefix=
			COMPREPLY=($(compgen -W "$values" -P "$prefix" -- "${cur#*=}"))
			return
		fi
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
complete -F _tilepress tilepress ./tilepress
