package assets

import (
	"embed"

	"fyne.io/fyne/v2"

	"touchmove/core/chess"
)

// files holds the pieces' SVG sources and the window's icon; an embed.FS is
// read-only.
//
//go:embed icon.png pieces/*.svg
var files embed.FS

// PieceName returns the base name of the piece's SVG file, e.g. "wK.svg" for
// the white king, or "" for NoPiece and invalid values.
func PieceName(p chess.Piece) string {
	t := p.Type()
	if t < chess.Pawn || t > chess.King || p.Color() > chess.Black {
		return ""
	}
	color := byte('w')
	if p.Color() == chess.Black {
		color = 'b'
	}
	return string([]byte{color, t.Letter()}) + ".svg"
}

// Piece returns the SVG image of piece p as a static resource named like its
// file ("wK.svg"), or nil for NoPiece.
func Piece(p chess.Piece) fyne.Resource {
	name := PieceName(p)
	if name == "" {
		return nil
	}
	return fyne.NewStaticResource(name, mustRead("pieces/"+name))
}

// Icon returns the application icon, a knight on a corner of a board, as a
// 256-pixel PNG resource named "icon.png" (rendered from icon.svg by
// tools/icons). Fyne hands the window manager a 256-pixel image: from this
// PNG it decodes one in ~6 ms, where from the SVG it rasterised one at 512
// pixels and scaled it down, ~200 ms before the window showed.
func Icon() fyne.Resource {
	return fyne.NewStaticResource("icon.png", mustRead("icon.png"))
}

// mustRead returns an embedded file; a missing one is a build error of this
// package, which the tests catch.
func mustRead(name string) []byte {
	b, err := files.ReadFile(name)
	if err != nil {
		panic("assets: " + err.Error())
	}
	return b
}
