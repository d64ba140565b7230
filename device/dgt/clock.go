package dgt

import (
	"fmt"
	"time"
)

// Clock is what a DGT clock connected to the board (a DGT 3000) reports
// through the board's stream, in a DGT_BWTIME message: the times of the
// player on its left and of the one on its right, as dgtbrd.h describes
// them (the right player's first), and whose turn the lever gives.
type Clock struct {
	Left, Right time.Duration
	// LeftFlag, RightFlag: that player's flag fell and the clock shows it.
	LeftFlag, RightFlag bool
	// Running: the clock runs (not stopped with its start/stop key).
	Running bool
	// LeftTurn, RightTurn: whose time runs, from the lever.
	LeftTurn, RightTurn bool
	// Present: a clock is connected and the reading is valid.
	Present bool
}

// The bits of the clock message (dgtbrd.h, DGT_MSG_BWTIME).
const (
	clockFlag      = 0x10 // in a player's hours byte: flag fallen, time blocked at zero
	clockShownFlag = 0x40 // in a player's hours byte: flag shown on the display
	clockAck       = 0x0a // a player's hours nibble of a clock's acknowledgement
	statusRunning  = 0x01
	statusRight    = 0x08 // the right player's turn
	statusLeft     = 0x10 // the left player's turn
	statusNoClock  = 0x20
	sizeBWTime     = headerSize + 7
)

// ClockTimes reads a DGT_BWTIME: the clock's times. ack is true for a
// DGT 3000's acknowledgement of a clock command, which carries no times.
func (m Message) ClockTimes() (c Clock, ack bool, err error) {
	if m.ID != MsgBWTime || len(m.Data) != sizeBWTime-headerSize {
		return c, false, fmt.Errorf("%w: %v with %d bytes is no clock message", ErrMessage, m.ID, len(m.Data))
	}
	d := m.Data
	if d[0]&0x0f == clockAck || d[3]&0x0f == clockAck {
		return c, true, nil
	}
	var flag bool
	if c.Right, flag, err = readTime(d[0:3]); err != nil {
		return Clock{}, false, err
	}
	c.RightFlag = flag
	if c.Left, flag, err = readTime(d[3:6]); err != nil {
		return Clock{}, false, err
	}
	c.LeftFlag = flag
	s := d[6]
	c.Running, c.RightTurn, c.LeftTurn = s&statusRunning != 0, s&statusRight != 0, s&statusLeft != 0
	c.Present = s&statusNoClock == 0
	return c, false, nil
}

// readTime reads one player's hours, minutes and seconds (BCD).
func readTime(b []byte) (time.Duration, bool, error) {
	h := int(b[0] & 0x0f)
	m, okM := bcd(b[1])
	s, okS := bcd(b[2])
	if h > 9 || !okM || !okS || m > 59 || s > 59 {
		return 0, false, fmt.Errorf("%w: clock time %02x %02x %02x", ErrMessage, b[0], b[1], b[2])
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s)*time.Second
	return d, b[0]&(clockFlag|clockShownFlag) != 0, nil
}

func bcd(b byte) (int, bool) {
	hi, lo := int(b>>4), int(b&0x0f)
	return hi*10 + lo, hi <= 9 && lo <= 9
}

// ClockMessage is the DGT_BWTIME message of c, as a board with a clock
// sends it; times are cut to whole seconds and to 9:59:59.
func ClockMessage(c Clock) Message {
	data := make([]byte, 0, 7)
	data = append(data, writeTime(c.Right, c.RightFlag)...)
	data = append(data, writeTime(c.Left, c.LeftFlag)...)
	var s byte
	if c.Running {
		s |= statusRunning
	}
	if c.RightTurn {
		s |= statusRight
	}
	if c.LeftTurn {
		s |= statusLeft
	}
	if !c.Present {
		s |= statusNoClock
	}
	return Message{ID: MsgBWTime, Data: append(data, s)}
}

func writeTime(d time.Duration, flag bool) []byte {
	d = min(max(0, d), 10*time.Hour-time.Second)
	sec := int(d / time.Second)
	h, m, s := sec/3600, sec/60%60, sec%60
	b0 := byte(h)
	if flag {
		b0 |= clockFlag
	}
	return []byte{b0, byte(m/10<<4 | m%10), byte(s/10<<4 | s%10)}
}
