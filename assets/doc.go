// Package assets holds Touchmove's own artwork, embedded in the binary: the
// piece set (twelve SVG files drawn for this project in a Staunton-like style,
// light pieces with a dark outline, dark pieces with light detail lines) and
// the application icon.
//
// The pieces are SVG, so Fyne renders them sharply at any size and scale;
// the icon is a PNG of the size the window manager is given.
// The package holds no mutable state: each call returns a fresh resource.
package assets
