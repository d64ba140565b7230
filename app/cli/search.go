package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/jeandeaual/go-locale"

	"touchmove/core/posindex"
)

const searchUsage = `usage: touchmove search (-fen FEN | -material SPEC [-fixed] [-plies N] [-lang en|ru|sk] | -pawns FEN) [-filter QUERY] FILE.pgn`

// Search runs `touchmove search (-fen FEN | -material SPEC [-fixed]
// [-plies N] | -pawns FEN) [-filter QUERY] FILE.pgn` (args exclude
// "search"): it prints the numbers (from 1, in file order) of the games of
// FILE that pass QUERY and whose main line reaches the position FEN, the
// material balance SPEC ("R vs B+2P": either side may be White unless
// -fixed makes the first White; -plies N: for N plies in a row), or the
// pawns of FEN (pieces anywhere), one a line. SPEC may name the pieces in
// English letters or in those of -lang (Slovak "V vs S+2P"), which is by
// default the language of the environment (LANGUAGE, LC_ALL, LC_MESSAGES,
// LANG), as the window picks its own; Russian letters are read whatever
// the language («Л против С+2П»): Cyrillic letters are no English ones.
// Exit 0 with games found, 1 with none, 2 on an error.
func Search(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fen := fs.String("fen", "", "the position")
	material := fs.String("material", "", `the material balance, "R vs B+2P"`)
	fixed := fs.Bool("fixed", false, "the first side of -material is White")
	plies := fs.Int("plies", 1, "the plies the balance must last")
	language := fs.String("lang", "", "the language of -material's piece letters besides English: en, ru or sk (default: the environment's)")
	pawns := fs.String("pawns", "", "a FEN whose pawns to find")
	filter := fs.String("filter", "", "only the games this game-list query selects")
	files, err := parseWithFile(fs, args)
	if err != nil {
		return usageError(stderr, searchUsage, err.Error())
	}
	if len(files) != 1 {
		return usageError(stderr, searchUsage, "search needs one FILE.pgn")
	}
	kinds := 0
	for _, s := range []string{*fen, *material, *pawns} {
		if strings.TrimSpace(s) != "" {
			kinds++
		}
	}
	if kinds != 1 {
		return usageError(stderr, searchUsage, "search needs one of -fen, -material and -pawns")
	}
	var find func(ix *posindex.Index, only *posindex.Set) ([]posindex.Hit, error)
	switch {
	case *fen != "":
		p, err := positionOf(*fen, "")
		if err != nil {
			return usageError(stderr, searchUsage, err.Error())
		}
		find = func(ix *posindex.Index, only *posindex.Set) ([]posindex.Hit, error) { return ix.Find(&p, only), nil }
	case *material != "":
		m, err := posindex.ParseMaterialIn(*material, materialLettersFor(*material, *language))
		if err != nil {
			return usageError(stderr, searchUsage, err.Error())
		}
		if *plies < 0 {
			return usageError(stderr, searchUsage, fmt.Sprintf("-plies %d: a count from 0", *plies))
		}
		m.Fixed, m.MinPlies = *fixed, *plies
		find = func(ix *posindex.Index, only *posindex.Set) ([]posindex.Hit, error) {
			return ix.FindMaterial(context.Background(), m, only, nil)
		}
	default:
		ps, err := posindex.ParsePawns(*pawns)
		if err != nil {
			return usageError(stderr, searchUsage, err.Error())
		}
		find = func(ix *posindex.Index, only *posindex.Set) ([]posindex.Hit, error) {
			return ix.FindPawns(context.Background(), ps, only, nil)
		}
	}
	ix, only, err := indexFile(files[0], *filter, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "touchmove search: %v\n", err)
		return 2
	}
	hits, err := find(ix, only)
	if err != nil {
		fmt.Fprintf(stderr, "touchmove search: %v\n", err)
		return 2
	}
	for _, h := range hits {
		fmt.Fprintln(stdout, h.Game+1)
	}
	if len(hits) == 0 {
		return 1
	}
	return 0
}

// materialLettersFor returns the letters a material balance spec is read
// in besides English ones: Russian ones when spec has a Cyrillic letter,
// else those of language, or of the environment's language when language
// is "".
func materialLettersFor(spec, language string) posindex.MaterialLetters {
	if strings.IndexFunc(spec, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) >= 0 {
		return posindex.MaterialLettersOf("ru")
	}
	if language == "" {
		language, _ = locale.GetLanguage()
	}
	return posindex.MaterialLettersOf(language)
}
