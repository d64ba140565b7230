package dgt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// Info identifies a board: its serial number and the version of its program.
type Info struct {
	Serial  string
	Version string
}

// EventKind says what an Event reports.
type EventKind uint8

// The events of Run.
const (
	// Connected: the board answered; Board is its dump, Info what it said
	// of itself so far.
	Connected EventKind = iota + 1
	// Identified: more of Info arrived after Connected.
	Identified
	// Dumped: a fresh dump of the whole board (after a framing error).
	Dumped
	// Updated: a piece was placed on or lifted from Field (Code is empty).
	Updated
	// Disconnected: the link is lost, or the port cannot be opened (Err
	// says why); Run tries again.
	Disconnected
	// Clocked: the clock connected to the board (a DGT 3000) reports its
	// times (Clock); a board with no clock never says it.
	Clocked
)

// Event is one thing Run reports.
type Event struct {
	Kind  EventKind
	Info  Info
	Board Board
	Field int
	Code  Code
	Clock Clock
	Err   error
	// At is when the message arrived on the port, read by Run's goroutine:
	// a move is timed by it, however late the event is handled.
	At time.Time
}

// Opener opens the port of a board; Open is the real one.
type Opener func(path string) (io.ReadWriteCloser, error)

// Options configures Run and Probe.
type Options struct {
	Open Opener // default Open
	// Retry is the wait between tries to open the port (default 1 s).
	Retry time.Duration
	// Answer is how long the board has to answer (default 3 s).
	Answer time.Duration
	// Now stamps the events (default time.Now).
	Now func() time.Time
}

func (o Options) withDefaults() Options {
	if o.Open == nil {
		o.Open = Open
	}
	if o.Retry <= 0 {
		o.Retry = time.Second
	}
	if o.Answer <= 0 {
		o.Answer = 3 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// closeOnDone closes c when ctx is done or stop is called, so that a read
// waiting on it returns; stop waits until it can no longer close.
func closeOnDone(ctx context.Context, c io.Closer) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-ctx.Done():
			_ = c.Close()
		case <-done:
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// Probe asks the board at path who it is, and closes the port again.
func Probe(ctx context.Context, path string, o Options) (Info, error) {
	o = o.withDefaults()
	rwc, err := o.Open(path)
	if err != nil {
		return Info{}, err
	}
	defer rwc.Close()
	ctx, cancel := context.WithTimeout(ctx, o.Answer)
	defer cancel()
	stop := closeOnDone(ctx, rwc)
	defer stop()
	c := NewConn(rwc)
	if err := c.Send(CmdReset, CmdSerialNr, CmdVersion, CmdSendBoard); err != nil {
		return Info{}, err
	}
	var info Info
	var dumped bool
	for !dumped || info.Serial == "" || info.Version == "" {
		m, err := c.ReadMessage()
		if errors.Is(err, ErrFraming) {
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				if dumped {
					return info, nil // an old board that does not say all
				}
				return info, fmt.Errorf("%w on %s (%w)", ErrTimeout, path, ErrNotDGT)
			}
			return info, err
		}
		dumped = dumped || readInfo(m, &info)
	}
	return info, nil
}

// readInfo takes the serial number or the version from m into info; it
// reports whether m is a board dump.
func readInfo(m Message, info *Info) (dump bool) {
	switch m.ID {
	case MsgSerialNr, MsgLongSerialNr:
		if s, err := m.SerialNr(); err == nil {
			info.Serial = s
		}
	case MsgVersion:
		if v, err := m.Version(); err == nil {
			info.Version = v
		}
	case MsgBoardDump:
		return true
	}
	return false
}

// Run connects to the board at path and reports what it sees to emit, on
// the goroutine that called Run, until ctx is done. When the link is lost
// (the cable pulled, the board switched off) it reports Disconnected and
// opens the port again every Retry; a board back on the line is Connected
// with a fresh dump. It returns ctx's error.
func Run(ctx context.Context, path string, o Options, emit func(Event)) error {
	o = o.withDefaults()
	var last error
	for {
		err := runOnce(ctx, path, o, emit)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// Said once for each new failure, not on every retry.
		if last == nil || err.Error() != last.Error() {
			emit(Event{Kind: Disconnected, Err: err, At: o.Now()})
		}
		last = err
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(o.Retry):
		}
	}
}

// runOnce is one connection: it returns why it ended.
func runOnce(ctx context.Context, path string, o Options, emit func(Event)) error {
	rwc, err := o.Open(path)
	if err != nil {
		return err
	}
	defer rwc.Close()
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := closeOnDone(cctx, rwc)
	defer stop()
	c := NewConn(rwc)
	// Update mode "nice": field updates, and the clock's times when they change.
	if err := c.Send(CmdReset, CmdSerialNr, CmdVersion, CmdSendBoard, CmdSendClock, CmdUpdateNice); err != nil {
		return err
	}
	// No dump in time: not a DGT board, or one not answering.
	answered := make(chan struct{})
	go func() {
		select {
		case <-answered:
		case <-cctx.Done():
		case <-time.After(o.Answer):
			cancel()
		}
	}()
	var info Info
	connected := false
	for {
		m, err := c.ReadMessage()
		at := o.Now()
		if errors.Is(err, ErrFraming) {
			// Something was lost: ask for the whole board again.
			if err := c.Send(CmdSendBoard); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			if !connected && ctx.Err() == nil {
				return fmt.Errorf("%w on %s (%w)", ErrTimeout, path, ErrNotDGT)
			}
			return err
		}
		switch m.ID {
		case MsgSerialNr, MsgLongSerialNr, MsgVersion:
			readInfo(m, &info)
			if connected {
				emit(Event{Kind: Identified, Info: info, At: at})
			}
		case MsgBoardDump:
			b, err := m.BoardDump()
			if err != nil {
				continue
			}
			if !connected {
				connected = true
				close(answered)
				emit(Event{Kind: Connected, Info: info, Board: b, At: at})
			} else {
				emit(Event{Kind: Dumped, Info: info, Board: b, At: at})
			}
		case MsgFieldUpdate:
			f, code, err := m.FieldUpdate()
			if err != nil || !connected {
				continue
			}
			emit(Event{Kind: Updated, Field: f, Code: code, At: at})
		case MsgBWTime:
			clk, ack, err := m.ClockTimes()
			if err != nil || ack || !connected || !clk.Present {
				continue // a board with no clock says so: nothing to tell
			}
			emit(Event{Kind: Clocked, Clock: clk, At: at})
		}
	}
}
