// Command icons renders the app icon, assets/icon.svg, into the PNG sizes of
// the freedesktop hicolor icon theme under packaging/icons, where
// `make install` finds them, and into assets/icon.png, the window's icon
// (256 pixels, the size Fyne gives the window manager). Run it from the
// repository root after changing the icon:
//
//	go run ./tools/icons
//
// The PNGs are committed, so that installing needs no SVG renderer.
package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"log"
	"os"
	"path/filepath"

	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"
)

// sizes are the hicolor sizes desktops look in for an application icon.
var sizes = []int{16, 24, 32, 48, 64, 128, 256, 512}

const (
	src = "assets/icon.svg"
	dst = "packaging/icons/hicolor"
	id  = "io.github.touchmove.Touchmove"
	// window is the window's icon, which assets embeds: a PNG, because Fyne
	// rasterises an SVG icon at 512 pixels and scales it down at every
	// start (~200 ms).
	window = "assets/icon.png"
)

func main() {
	log.SetFlags(0)
	svg, err := os.ReadFile(src)
	if err != nil {
		log.Fatal(err)
	}
	for _, n := range sizes {
		out := filepath.Join(dst, fmt.Sprintf("%dx%d", n, n), "apps", id+".png")
		if err := render(svg, n, out); err != nil {
			log.Fatalf("icons: %dx%d: %v", n, n, err)
		}
	}
	if err := render(svg, 256, window); err != nil {
		log.Fatalf("icons: %s: %v", window, err)
	}
	scalable := filepath.Join(dst, "scalable", "apps", id+".svg")
	if err := os.MkdirAll(filepath.Dir(scalable), 0o755); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(scalable, svg, 0o644); err != nil {
		log.Fatal(err)
	}
}

// render draws svg n pixels square into the PNG file out.
func render(svg []byte, n int, out string) error {
	icon, err := oksvg.ReadIconStream(bytes.NewReader(svg))
	if err != nil {
		return fmt.Errorf("reading %s: %w", src, err)
	}
	icon.SetTarget(0, 0, float64(n), float64(n))
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	icon.Draw(rasterx.NewDasher(n, n, rasterx.NewScannerGV(n, n, img, img.Bounds())), 1)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}
