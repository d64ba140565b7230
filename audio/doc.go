// Package audio makes Touchmove's sounds: short tones and knocks generated
// as PCM on demand (see PCM), and a Player that plays them through the
// system's sound device with github.com/ebitengine/oto/v3.
//
// The Player opens the device only when the first sound is played, never
// blocks its caller and fails soft: with no device (a CI machine, Xvfb, a
// server) it logs once and stays silent. The package knows nothing of Fyne.
package audio
