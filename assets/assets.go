package assets

import (
	"embed"

	"fyne.io/fyne/v2"

	"touchmove/core/chess"
)

// files holds the pieces' SVG sources and the window's icon; an embed.FS is
// read-only.
//
//go:embed icon.png pieces/*.svg pieces/flat/*.svg
var files embed.FS

// PieceSet is one of the piece sets drawn for Touchmove. The zero value is
// the default set, Classic.
type PieceSet uint8

// The piece sets, in the order a chooser lists them.
const (
	Classic PieceSet = iota // Staunton-like, light pieces outlined, dark pieces with light detail lines
	Flat                    // flat two-tone shapes: a bold silhouette, the right half in shade
	numPieceSets
)

// pieceSetInfo is what the package knows of a set: the identifier kept in
// preferences, the English name a chooser shows, the folder of its files
// and the prefix of its resources' names.
type pieceSetInfo struct{ id, name, dir, prefix string }

// info returns what the package knows of s; ok is false for an unknown set.
func (s PieceSet) info() (info pieceSetInfo, ok bool) {
	switch s {
	case Classic:
		return pieceSetInfo{"classic", "Classic", "pieces/", ""}, true
	case Flat:
		return pieceSetInfo{"flat", "Flat", "pieces/flat/", "flat-"}, true
	}
	return pieceSetInfo{}, false
}

// PieceSets returns every piece set, the default first.
func PieceSets() []PieceSet {
	sets := make([]PieceSet, numPieceSets)
	for i := range sets {
		sets[i] = PieceSet(i)
	}
	return sets
}

// ParsePieceSet returns the set whose identifier (String) is id. An unknown
// id, such as one kept by a later version, gives Classic and false.
func ParsePieceSet(id string) (PieceSet, bool) {
	for _, s := range PieceSets() {
		if info, _ := s.info(); info.id == id {
			return s, true
		}
	}
	return Classic, false
}

// String returns the set's identifier, e.g. "flat": the value to keep in
// preferences, which ParsePieceSet reads back.
func (s PieceSet) String() string {
	info, _ := s.info()
	return info.id
}

// Name returns the set's name in English, e.g. "Flat", for a chooser to
// translate and show.
func (s PieceSet) Name() string {
	info, _ := s.info()
	return info.name
}

// Piece returns the SVG image of piece p in set s as a static resource, or
// nil for NoPiece or an unknown set. Resource names differ from set to set
// ("wK.svg", "flat-wK.svg"), since Fyne caches rendered images by name.
func (s PieceSet) Piece(p chess.Piece) fyne.Resource {
	name := PieceName(p)
	info, ok := s.info()
	if name == "" || !ok {
		return nil
	}
	return fyne.NewStaticResource(info.prefix+name, mustRead(info.dir+name))
}

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

// Piece returns the SVG image of piece p in the Classic set as a static
// resource named like its file ("wK.svg"), or nil for NoPiece.
func Piece(p chess.Piece) fyne.Resource { return Classic.Piece(p) }

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
