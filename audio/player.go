package audio

import (
	"bytes"
	"fmt"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
)

// A device starts playing PCM and returns at once.
type device interface {
	play(pcm []byte) error
}

// Player plays the app's sounds on the system's sound device. Its zero value
// is not usable; make one with NewPlayer. A process can open the device only
// once (an oto rule), so an app has one Player for all its windows.
//
// The device is opened on the first Play, in a goroutine of its own: Play
// never blocks, and a sound asked for while the device is still opening or
// busy is dropped rather than queued for late. When the device cannot be
// opened or fails, the Player logs the error once and is silent from then on.
type Player struct {
	open func() (device, error)
	logf func(format string, args ...any)

	mu      sync.Mutex
	queue   chan []byte // nil until the first Play
	err     error       // why the Player is silent
	dropped int         // sounds dropped because the queue was full
	onFail  []func(error)
}

// OnFail calls f, on the Player's own goroutine, when the Player goes
// silent for good (the device cannot be opened, or fails), so that a window
// can say so; at once when it already has. Each window of the app adds its
// own f.
func (p *Player) OnFail(f func(error)) {
	p.mu.Lock()
	err := p.err
	if err == nil {
		p.onFail = append(p.onFail, f)
	}
	p.mu.Unlock()
	if err != nil {
		f(err)
	}
}

// NewPlayer returns a Player that logs its one failure, if any, with logf
// (log.Printf, say; nil logs nothing). It does not touch the sound device.
func NewPlayer(logf func(format string, args ...any)) *Player {
	return newPlayer(openOto, logf)
}

func newPlayer(open func() (device, error), logf func(string, ...any)) *Player {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	return &Player{open: open, logf: logf}
}

// Play starts sound k at volume (0 to 1) and returns without waiting for the
// device. A volume of 0 plays nothing.
func (p *Player) Play(k Kind, volume float64) {
	if volume <= 0 || k >= numKinds {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil {
		return
	}
	if p.queue == nil {
		p.queue = make(chan []byte, 4)
		go p.run(p.queue)
	}
	select {
	case p.queue <- PCM(k, volume):
	default:
		p.dropped++
	}
}

// Err returns why the Player is silent, or nil while it is not known to be.
func (p *Player) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// run opens the device and plays what arrives on q.
func (p *Player) run(q <-chan []byte) {
	d, err := p.open()
	for pcm := range q {
		if err == nil {
			err = d.play(pcm)
		}
		if err != nil {
			p.fail(err)
			return
		}
	}
}

// fail makes the Player silent for good and logs why, once.
func (p *Player) fail(err error) {
	p.mu.Lock()
	p.err = err
	fs := p.onFail
	p.onFail = nil
	p.mu.Unlock()
	p.logf("touchmove: sounds are off: %v", err)
	for _, f := range fs {
		f(err)
	}
}

// otoDevice plays through oto, which talks to ALSA on Linux (and from there
// to PipeWire or PulseAudio when they run).
type otoDevice struct {
	ctx     *oto.Context
	playing []*oto.Player // kept until done: oto stops a player it collects
}

// openOto opens the default sound device, waiting until it is ready.
func openOto() (device, error) {
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate:   SampleRate,
		ChannelCount: 1,
		Format:       oto.FormatSignedInt16LE,
		BufferSize:   40 * time.Millisecond,
	})
	if err != nil {
		return nil, fmt.Errorf("opening the sound device: %w", err)
	}
	<-ready
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("opening the sound device: %w", err)
	}
	return &otoDevice{ctx: ctx}, nil
}

func (d *otoDevice) play(pcm []byte) error {
	if err := d.ctx.Err(); err != nil {
		return fmt.Errorf("playing a sound: %w", err)
	}
	live := d.playing[:0]
	for _, pl := range d.playing {
		if pl.IsPlaying() {
			live = append(live, pl)
		}
	}
	pl := d.ctx.NewPlayer(bytes.NewReader(pcm))
	pl.Play()
	d.playing = append(live, pl)
	return nil
}
