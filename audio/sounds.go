package audio

import (
	"fmt"
	"math"
	"time"
)

// SampleRate is the number of samples per second of every sound (mono).
const SampleRate = 44100

// Kind names one of the app's sounds.
type Kind uint8

// The sounds the app plays.
const (
	Move    Kind = iota // a piece moved
	Capture             // a piece taken
	Check               // the king in check
	Castle              // king and rook moved
	GameEnd             // mate, flag, resignation or draw
	LowTime             // the clock's warning at 10 s and the last 5 s
	Illegal             // a move refused
	numKinds
)

// Kinds lists every sound, in order.
func Kinds() []Kind {
	ks := make([]Kind, numKinds)
	for i := range ks {
		ks[i] = Kind(i)
	}
	return ks
}

// String returns the sound's name, such as "capture".
func (k Kind) String() string {
	names := [numKinds]string{Move: "move", Capture: "capture", Check: "check", Castle: "castle",
		GameEnd: "game end", LowTime: "low time", Illegal: "illegal move"}
	if k < numKinds {
		return names[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// peak is the loudest sample of any sound at full volume, as a fraction of
// full scale: the headroom keeps overlapping sounds from clipping much.
const peak = 0.7

// PCM returns the sound k as signed 16-bit little-endian mono samples at
// SampleRate, scaled by volume (0 is silent, 1 is full). It returns nil for
// an unknown kind. The samples are computed on each call; they are a few
// kilobytes and take microseconds.
func PCM(k Kind, volume float64) []byte {
	s := samples(k)
	if s == nil {
		return nil
	}
	volume = math.Max(0, math.Min(1, volume))
	max := 0.0
	for _, v := range s {
		max = math.Max(max, math.Abs(v))
	}
	gain := 0.0
	if max > 0 {
		gain = peak * volume / max
	}
	out := make([]byte, 2*len(s))
	for i, v := range s {
		x := int16(math.Round(v * gain * 32767))
		out[2*i] = byte(x)
		out[2*i+1] = byte(uint16(x) >> 8)
	}
	return out
}

// samples returns the shape of sound k in arbitrary units; PCM normalises it.
func samples(k Kind) []float64 {
	switch k {
	case Move:
		return knock(60*time.Millisecond, 180, 1)
	case Capture:
		s := knock(110*time.Millisecond, 140, 3)
		mix(s, knock(70*time.Millisecond, 260, 2), 25*time.Millisecond, 0.8)
		return s
	case Check:
		s := tone(90*time.Millisecond, 660)
		return append(s, tone(140*time.Millisecond, 880)...)
	case Castle:
		s := make([]float64, span(190*time.Millisecond))
		mix(s, knock(60*time.Millisecond, 170, 4), 0, 1)
		mix(s, knock(60*time.Millisecond, 200, 5), 110*time.Millisecond, 0.9)
		return s
	case GameEnd:
		s := make([]float64, span(380*time.Millisecond))
		for i, f := range []float64{523.25, 659.25, 783.99} { // C5, E5, G5
			mix(s, tone(time.Duration(380-100*i)*time.Millisecond, f), time.Duration(100*i)*time.Millisecond, 1)
		}
		return s
	case LowTime:
		return tone(120*time.Millisecond, 880)
	case Illegal:
		s := tone(160*time.Millisecond, 150)
		mix(s, tone(160*time.Millisecond, 300), 0, 0.5)
		mix(s, tone(160*time.Millisecond, 450), 0, 0.3)
		return s
	}
	return nil
}

// span returns the number of samples in d.
func span(d time.Duration) int { return int(d.Seconds() * SampleRate) }

// mix adds src times gain into dst from the offset at, as far as dst goes.
func mix(dst, src []float64, at time.Duration, gain float64) {
	o := span(at)
	for i, v := range src {
		if o+i >= len(dst) {
			break
		}
		dst[o+i] += gain * v
	}
}

// tone returns a sine at freq Hz lasting d, with 5 ms fades at each end so
// that it does not click, and a gentle decay.
func tone(d time.Duration, freq float64) []float64 {
	n := span(d)
	fade := 0.005 * SampleRate
	s := make([]float64, n)
	for i := range s {
		env := math.Min(1, math.Min(float64(i), float64(n-1-i))/fade)
		decay := math.Exp(-2 * float64(i) / float64(n))
		s[i] = env * decay * math.Sin(2*math.Pi*freq*float64(i)/SampleRate)
	}
	return s
}

// knock returns a wooden tap lasting d: a low sine at freq Hz and a burst of
// low-passed noise, both dying away fast. seed picks the noise, so that the
// same kind always sounds the same.
func knock(d time.Duration, freq float64, seed uint32) []float64 {
	n := span(d)
	s := make([]float64, n)
	rnd := seed*2654435761 + 1
	lp := 0.0
	for i := range s {
		// xorshift32: deterministic noise with no shared state.
		rnd ^= rnd << 13
		rnd ^= rnd >> 17
		rnd ^= rnd << 5
		noise := float64(rnd)/math.MaxUint32*2 - 1
		lp += 0.25 * (noise - lp)
		t := float64(i) / SampleRate
		attack := math.Min(1, float64(i)/(0.001*SampleRate))
		release := math.Min(1, float64(n-1-i)/(0.003*SampleRate))
		body := math.Exp(-t/0.018) * math.Sin(2*math.Pi*freq*t)
		click := math.Exp(-t/0.004) * lp
		s[i] = attack * release * (body + 0.8*click)
	}
	return s
}
