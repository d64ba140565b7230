package audio_test

import (
	"encoding/binary"
	"math"
	"testing"
	"time"

	"touchmove/audio"
)

func TestKindString(t *testing.T) {
	for k, want := range map[audio.Kind]string{
		audio.Move: "move", audio.Capture: "capture", audio.Check: "check", audio.Castle: "castle",
		audio.GameEnd: "game end", audio.LowTime: "low time", audio.Illegal: "illegal move",
		audio.Kind(7): "Kind(7)", audio.Kind(200): "Kind(200)",
	} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", uint8(k), got, want)
		}
	}
}

func TestPCM(t *testing.T) {
	for _, k := range audio.Kinds() {
		t.Run(k.String(), func(t *testing.T) {
			pcm := audio.PCM(k, 1)
			n := len(pcm) / 2
			if d := time.Duration(n) * time.Second / audio.SampleRate; d <= 0 || d >= 400*time.Millisecond {
				t.Errorf("lasts %v, want (0, 400 ms)", d)
			}
			var sum float64
			peak := 0
			for i := 0; i < n; i++ {
				v := int(int16(binary.LittleEndian.Uint16(pcm[2*i:])))
				sum += float64(v * v)
				peak = max(peak, v, -v)
			}
			if rms := math.Sqrt(sum/float64(n)) / 32768; rms < 0.03 {
				t.Errorf("RMS %.4f of full scale: too quiet", rms)
			}
			if peak >= 32000 {
				t.Errorf("peak %d: clips or nearly", peak)
			}
			first := int16(binary.LittleEndian.Uint16(pcm))
			last := int16(binary.LittleEndian.Uint16(pcm[len(pcm)-2:]))
			if abs(int(first)) > 2000 || abs(int(last)) > 2000 {
				t.Errorf("starts at %d and ends at %d: it would click", first, last)
			}
		})
	}
}

func TestPCMVolume(t *testing.T) {
	tests := []struct {
		volume   float64
		wantPeak func(int) bool
	}{
		{0, func(p int) bool { return p == 0 }},
		{-1, func(p int) bool { return p == 0 }},
		{0.5, func(p int) bool { return p > 10000 && p < 12500 }},
		{2, func(p int) bool { return p > 20000 && p < 32000 }}, // clamped to 1
	}
	for _, tc := range tests {
		pcm := audio.PCM(audio.Capture, tc.volume)
		peak := 0
		for i := 0; i+1 < len(pcm); i += 2 {
			v := int(int16(binary.LittleEndian.Uint16(pcm[i:])))
			peak = max(peak, abs(v))
		}
		if !tc.wantPeak(peak) {
			t.Errorf("volume %v: peak %d", tc.volume, peak)
		}
	}
	if audio.PCM(audio.Kind(200), 1) != nil {
		t.Error("an unknown kind has samples")
	}
}

func abs(v int) int { return max(v, -v) }
