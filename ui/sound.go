package ui

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// beeper plays the clock's warning beep through the desktop's sound player
// (PipeWire, PulseAudio or ALSA, whichever is installed). Fyne has no audio,
// and a short WAV played by the system keeps the app free of sound libraries.
type beeper struct {
	player string // the command that plays a WAV file, "" if none
	wav    string // the beep, written once to the user cache directory
}

// newBeeper finds a player and writes the beep; with neither it is silent.
func newBeeper() *beeper {
	b := &beeper{}
	for _, p := range []string{"pw-play", "paplay", "aplay"} {
		if path, err := exec.LookPath(p); err == nil {
			b.player = path
			break
		}
	}
	dir, err := os.UserCacheDir()
	if err != nil || b.player == "" {
		b.player = ""
		return b
	}
	b.wav = filepath.Join(dir, "touchmove", "beep.wav")
	if _, err := os.Stat(b.wav); err != nil {
		if os.MkdirAll(filepath.Dir(b.wav), 0o755) != nil || os.WriteFile(b.wav, beepWAV(880, 120*time.Millisecond), 0o644) != nil {
			b.player = ""
		}
	}
	return b
}

// available reports whether the beeper can make a sound.
func (b *beeper) available() bool { return b != nil && b.player != "" }

// beep plays the beep without waiting for it.
func (b *beeper) beep() {
	if !b.available() {
		return
	}
	cmd := exec.Command(b.player, b.wav)
	if cmd.Start() == nil {
		go cmd.Wait()
	}
}

// beepWAV returns a mono 16-bit WAV of a sine tone with soft edges.
func beepWAV(freq float64, d time.Duration) []byte {
	const rate = 22050
	n := int(float64(rate) * d.Seconds())
	var pcm bytes.Buffer
	for i := 0; i < n; i++ {
		env := math.Min(1, math.Min(float64(i), float64(n-i))/(rate*0.01))
		v := int16(0.4 * 32767 * env * math.Sin(2*math.Pi*freq*float64(i)/rate))
		binary.Write(&pcm, binary.LittleEndian, v)
	}
	var out bytes.Buffer
	out.WriteString("RIFF")
	binary.Write(&out, binary.LittleEndian, uint32(36+pcm.Len()))
	out.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(1), uint32(rate), uint32(rate * 2), uint16(2), uint16(16)} {
		binary.Write(&out, binary.LittleEndian, v)
	}
	out.WriteString("data")
	binary.Write(&out, binary.LittleEndian, uint32(pcm.Len()))
	out.Write(pcm.Bytes())
	return out.Bytes()
}

// beepDue reports whether a running clock that went from prev to now whole
// seconds should beep: at 10 seconds left and at each of the last five, as
// a DGT 2010 does (clocks.md §6.4).
func beepDue(prev, now int) bool {
	if now >= prev {
		return false
	}
	return now == 10 || (now >= 0 && now < 5)
}
