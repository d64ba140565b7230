package assets_test

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"touchmove/assets"
	"touchmove/core/chess"
)

func TestPieceResources(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		for pt := chess.Pawn; pt <= chess.King; pt++ {
			p := chess.NewPiece(c, pt)
			t.Run(p.String(), func(t *testing.T) {
				r := assets.Piece(p)
				if r == nil {
					t.Fatalf("Piece(%v) = nil", p)
				}
				if seen[r.Name()] {
					t.Errorf("name %q used twice", r.Name())
				}
				seen[r.Name()] = true
				if want := assets.PieceName(p); r.Name() != want || len(want) != 6 {
					t.Errorf("name %q, want %q", r.Name(), want)
				}
				if !bytes.HasPrefix(r.Content(), []byte("<svg ")) {
					t.Errorf("%s does not start with <svg", r.Name())
				}
			})
		}
	}
	if r := assets.Piece(chess.NoPiece); r != nil {
		t.Errorf("Piece(NoPiece) = %v, want nil", r.Name())
	}
}

// TestIcon checks that the window's icon is what Fyne hands the window
// manager without converting it: a 256-pixel PNG that decodes to NRGBA, with
// transparent corners (the icon is a rounded square).
func TestIcon(t *testing.T) {
	r := assets.Icon()
	if r.Name() != "icon.png" {
		t.Errorf("Icon() = %q, want icon.png", r.Name())
	}
	img, err := png.Decode(bytes.NewReader(r.Content()))
	if err != nil {
		t.Fatal(err)
	}
	nrgba, ok := img.(*image.NRGBA)
	if !ok || nrgba.Bounds() != image.Rect(0, 0, 256, 256) {
		t.Fatalf("icon is a %T of %v, want *image.NRGBA of 256×256", img, img.Bounds())
	}
	if a := nrgba.NRGBAAt(0, 0).A; a != 0 {
		t.Errorf("corner alpha %d, want 0", a)
	}
	if a := nrgba.NRGBAAt(128, 128).A; a != 255 {
		t.Errorf("centre alpha %d, want 255", a)
	}
}

// TestPiecesRender draws every piece of every set with Fyne's software
// painter at 64 pixels and checks that it is neither empty nor a full
// square: an SVG that Fyne cannot parse renders as nothing.
func TestPiecesRender(t *testing.T) {
	test.NewTempApp(t)
	for _, set := range assets.PieceSets() {
		for _, c := range []chess.Color{chess.White, chess.Black} {
			for pt := chess.Pawn; pt <= chess.King; pt++ {
				p := chess.NewPiece(c, pt)
				t.Run(set.String()+"/"+p.String(), func(t *testing.T) {
					img := canvas.NewImageFromResource(set.Piece(p))
					img.FillMode = canvas.ImageFillContain
					w := test.NewTempWindow(t, img)
					w.SetPadded(false)
					w.Resize(fyne.NewSize(64, 64))
					shot := w.Canvas().Capture()
					if f := inkFraction(shot); f < 0.15 || f > 0.7 {
						t.Errorf("%v covers %.2f of its square, want 0.15..0.7", p, f)
					}
				})
			}
		}
	}
}

// TestPieceSets checks that each set has its own identifier, name and
// resource names (Fyne caches rendered SVGs by name, so two sets sharing a
// name would show each other's pieces), that identifiers read back, and
// that the sets really differ.
func TestPieceSets(t *testing.T) {
	sets := assets.PieceSets()
	if len(sets) < 2 || sets[0] != assets.Classic {
		t.Fatalf("PieceSets() = %v, want Classic first and at least two", sets)
	}
	ids, names := map[string]bool{}, map[string]bool{}
	for _, s := range sets {
		if s.String() == "" || s.Name() == "" || ids[s.String()] {
			t.Errorf("set %d: id %q, name %q", s, s.String(), s.Name())
		}
		ids[s.String()] = true
		if got, ok := assets.ParsePieceSet(s.String()); got != s || !ok {
			t.Errorf("ParsePieceSet(%q) = %v, %v", s.String(), got, ok)
		}
		for p := chess.WhitePawn; p <= chess.BlackKing; p++ {
			r := s.Piece(p)
			if r == nil {
				continue // the holes between the colours' pieces
			}
			if names[r.Name()] {
				t.Errorf("%s: resource name %q used by another set or piece", s, r.Name())
			}
			names[r.Name()] = true
			if s != assets.Classic && bytes.Equal(r.Content(), assets.Classic.Piece(p).Content()) {
				t.Errorf("%s: %v is the Classic drawing", s, p)
			}
		}
	}
	if len(names) != 12*len(sets) {
		t.Errorf("%d piece images, want %d", len(names), 12*len(sets))
	}
	if got, ok := assets.ParsePieceSet("no such set"); got != assets.Classic || ok {
		t.Errorf("ParsePieceSet(unknown) = %v, %v; want Classic, false", got, ok)
	}
	if r := assets.PieceSet(200).Piece(chess.WhiteKing); r != nil {
		t.Errorf("an unknown set gives %q", r.Name())
	}
}

// inkFraction returns the share of pixels that differ from the top-left one.
func inkFraction(img image.Image) float64 {
	b := img.Bounds()
	r0, g0, b0, _ := img.At(b.Min.X, b.Min.Y).RGBA()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r != r0 || g != g0 || bl != b0 {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}
