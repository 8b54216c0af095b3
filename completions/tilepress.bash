# bash completion for tilepress(1).  Installed by `make install' as
# $(PREFIX)/share/bash-completion/completions/tilepress; tests/man_keys.sh
# checks that the sheets, options and config keys below match the sources.

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

	local commands='check pattern manifest build'
	local sheets='manifest fronts backs spanning-set board board-half-1 board-half-2
board-pieces cut templates emboss-fronts emboss-backs board-recess'
	local formats='pdf png svg dxf'
	local opts='-c --config -s --set -q --quiet -h --help -V --version --format
--games --spares -o --output --only --formats -j --jobs --level'
	local keys='series.pairing= series.cycle= series.indicia= series.board_centre=
series.backs= series.anchor= board.rows= board.cols= print.tile_mm= print.bleed_mm=
print.dpi= print.marks= print.cut_ink= print.anchor_ink= print.style= print.split=
print.formats= print.job= print.max_sheet_mm= print.panel_overlap_mm= print.cell_mark=
emboss.plates= emboss.lateral= emboss.boxes= emboss.vertical= emboss.dots=
emboss.symbol_mm= emboss.back_symbol_mm= emboss.recess_clearance_mm=
emboss.pocket_wall_mm= emboss.stroke_mm= emboss.min_symbol_mm= emboss.min_spacing_mm='
	local ink
	for ink in lateral boxes vertical dots lines text anchor marks cut emboss; do
		keys+=" print.${ink}_cmyk= print.${ink}_rgb="
	done

	# The command given so far, if any (for --format's values).
	local i cmd=
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
		_tilepress_list "$sheets"
		return
		;;
	--formats)
		_tilepress_list "$formats"
		return
		;;
	-s | --set)
		COMPREPLY=($(compgen -W "$keys" -- "$cur"))
		[[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
		return
		;;
	--games | --spares | --level | -j | --jobs)
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
