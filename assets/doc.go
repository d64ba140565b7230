// Package assets holds Touchmove's own artwork, embedded in the binary: two
// piece sets and the application icon.
//
// The piece sets (see PieceSet) were both drawn for this project and are
// covered by its licence; no outside artwork is copied into them:
//
//   - Classic, pieces/*.svg: twelve SVG files in a Staunton-like style,
//     light pieces with a dark outline, dark pieces with light detail lines.
//   - Flat, pieces/flat/*.svg: flat two-tone pieces of simple geometric
//     parts (circles, rounded bands, straight tapers) with a bold outer
//     outline, each part's right half in shade as if lit from the left.
//     The shapes were laid out as polygons on the 45-unit grid of the
//     Classic set and written out as paths; the SVG files are the source.
//
// The pieces are SVG, so Fyne renders them sharply at any size and scale;
// the icon is a PNG of the size the window manager is given.
// The package holds no mutable state: each call returns a fresh resource.
package assets
