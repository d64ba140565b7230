package board

import (
	"image"
	"strings"

	"fyne.io/fyne/v2"
	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"
)

// arrowRaster draws the board's arrows (arrowsSVG) into one image that it
// reuses for as long as the pixel size stays the same.
//
// It replaces a canvas.Image with an SVG resource named after a hash of the
// arrows: Fyne keeps every SVG it rasterises by name for a minute, so each
// new set of arrows held a board-sized raster. With the engine on, stepping
// through a game draws a new arrow at every move: 600 steps held about
// 30 MB of such rasters, and RSS grew by ~110 MB (issue 27 point 3; see
// TestEngineStepsHoldNoMemory).
//
// An arrowRaster is used on the Fyne goroutine only.
type arrowRaster struct {
	icon *oksvg.SvgIcon // the arrows shown, nil for none
	img  *image.NRGBA   // the last raster, reused at the same size
}

// set shows the arrows of svg ("" for none).
func (a *arrowRaster) set(svg string) {
	a.icon = nil
	if svg == "" {
		return
	}
	icon, err := oksvg.ReadIconStream(strings.NewReader(svg))
	if err != nil {
		fyne.LogError("board arrows", err)
		return
	}
	a.icon = icon
}

// image returns the arrows rasterised into w×h pixels; the image is reused
// by the next call.
func (a *arrowRaster) image(w, h int) image.Image {
	if w <= 0 || h <= 0 {
		return image.NewNRGBA(image.Rect(0, 0, 0, 0))
	}
	if a.img == nil || a.img.Bounds().Dx() != w || a.img.Bounds().Dy() != h {
		a.img = image.NewNRGBA(image.Rect(0, 0, w, h))
	} else {
		clear(a.img.Pix)
	}
	if a.icon == nil {
		return a.img
	}
	// As Fyne draws an SVG image (internal/svg.Decoder.Draw), into NRGBA,
	// so that the arrows look as they did.
	a.icon.SetTarget(0, 0, float64(w), float64(h))
	vb := a.icon.ViewBox
	scanner := rasterx.NewScannerGV(int(vb.W), int(vb.H), a.img, a.img.Bounds())
	defer func() {
		if r := recover(); r != nil { // oksvg panics on some malformed paths
			fyne.LogError("board arrows: crash when rendering SVG", nil)
			clear(a.img.Pix)
		}
	}()
	a.icon.Draw(rasterx.NewDasher(w, h, scanner), 1)
	return a.img
}
