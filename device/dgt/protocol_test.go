package dgt_test

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt"
)

func TestReadMessage(t *testing.T) {
	start := chess.StartPosition()
	dump := dgt.BoardDumpMessage(dgt.BoardOf(start.Board(), false)).Encode()
	update := dgt.FieldUpdateMessage(52, 0).Encode() // e2 lifted
	version := dgt.Message{ID: dgt.MsgVersion, Data: []byte{1, 2}}.Encode()
	serial := dgt.Message{ID: dgt.MsgSerialNr, Data: []byte("01025 1.0")}.Encode()
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tests := []struct {
		name    string
		in      []byte
		want    []dgt.MessageID
		errs    int // framing errors on the way
		dropped int
	}{
		{"one update", update, []dgt.MessageID{dgt.MsgFieldUpdate}, 0, 0},
		{"dump, version, serial", cat(dump, version, serial), []dgt.MessageID{dgt.MsgBoardDump, dgt.MsgVersion, dgt.MsgSerialNr}, 0, 0},
		{"noise before a message is skipped", cat([]byte{0x01, 0x7f}, update), []dgt.MessageID{dgt.MsgFieldUpdate}, 0, 2},
		{"a message cut short by the next", cat(dump[:20], update), []dgt.MessageID{dgt.MsgFieldUpdate}, 1, 0},
		{"a header cut short", cat(update[:2], version), []dgt.MessageID{dgt.MsgVersion}, 1, 0},
		{"a length that cannot be", cat([]byte{0x8e, 0, 1}, update), []dgt.MessageID{dgt.MsgFieldUpdate}, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := dgt.NewConn(struct {
				io.Reader
				io.Writer
			}{bytes.NewReader(tt.in), io.Discard})
			var got []dgt.MessageID
			errs := 0
			for {
				m, err := c.ReadMessage()
				if errors.Is(err, dgt.ErrFraming) {
					errs++
					continue
				}
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, m.ID)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("messages %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("messages %v, want %v", got, tt.want)
				}
			}
			if errs != tt.errs || c.Dropped() != tt.dropped {
				t.Errorf("framing errors %d, dropped %d; want %d, %d", errs, c.Dropped(), tt.errs, tt.dropped)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	m := dgt.FieldUpdateMessage(dgt.Field(chess.E4, false), dgt.Code(dgt.CodeOfPiece(chess.WhitePawn)))
	f, code, err := m.FieldUpdate()
	if err != nil || dgt.Square(f, false) != chess.E4 || code.Piece() != chess.WhitePawn {
		t.Errorf("field update: %d %v %v", f, code, err)
	}
	if _, _, err := (dgt.Message{ID: dgt.MsgFieldUpdate, Data: []byte{64, 1}}).FieldUpdate(); !errors.Is(err, dgt.ErrMessage) {
		t.Errorf("field 64: %v", err)
	}
	if _, _, err := (dgt.Message{ID: dgt.MsgFieldUpdate, Data: []byte{3, 0x10}}).FieldUpdate(); !errors.Is(err, dgt.ErrMessage) {
		t.Errorf("piece code 0x10: %v", err)
	}
	if v, err := (dgt.Message{ID: dgt.MsgVersion, Data: []byte{1, 2}}).Version(); v != "1.02" || err != nil {
		t.Errorf("version %q %v", v, err)
	}
	for _, tt := range []struct {
		m    dgt.Message
		want string
	}{
		{dgt.Message{ID: dgt.MsgSerialNr, Data: []byte("01025 1.0")}, "01025"},
		{dgt.Message{ID: dgt.MsgSerialNr, Data: []byte("24680")}, "24680"},
		{dgt.Message{ID: dgt.MsgLongSerialNr, Data: []byte("3.24680000")}, "3.24680000"},
	} {
		if s, err := tt.m.SerialNr(); s != tt.want || err != nil {
			t.Errorf("serial %q %v, want %q", s, err, tt.want)
		}
	}
	if _, err := (dgt.Message{ID: dgt.MsgBoardDump, Data: make([]byte, 63)}).BoardDump(); !errors.Is(err, dgt.ErrMessage) {
		t.Errorf("short dump: %v", err)
	}
}

// The field numbering of dgtbrd.h: field 0 is a8, field 63 is h1, and a
// board turned round numbers from h1.
func TestFields(t *testing.T) {
	for _, tt := range []struct {
		f       int
		rotated bool
		sq      chess.Square
	}{
		{0, false, chess.A8}, {1, false, chess.B8}, {8, false, chess.A7}, {63, false, chess.H1}, {57, false, chess.B1},
		{0, true, chess.H1}, {63, true, chess.A8}, {52, true, chess.D7},
	} {
		if got := dgt.Square(tt.f, tt.rotated); got != tt.sq {
			t.Errorf("Square(%d, %v) = %v, want %v", tt.f, tt.rotated, got, tt.sq)
		}
		if got := dgt.Field(tt.sq, tt.rotated); got != tt.f {
			t.Errorf("Field(%v, %v) = %d, want %d", tt.sq, tt.rotated, got, tt.f)
		}
	}
	for c := 0; c < 16; c++ {
		p, ok := dgt.PieceOfCode(byte(c))
		if !ok || (c >= 1 && c <= 12) != (p != chess.NoPiece) || c <= 12 && dgt.CodeOfPiece(p) != byte(c) {
			t.Errorf("code %d: piece %v %v", c, p, ok)
		}
	}
	if _, ok := dgt.PieceOfCode(0x10); ok {
		t.Error("code 0x10 taken for a piece")
	}
}

func TestOrientation(t *testing.T) {
	start := chess.StartPosition()
	after, _ := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	p, _ := after.Position()
	for _, tt := range []struct {
		name        string
		board       dgt.Board
		want        [64]chess.Piece
		rotated, ok bool
	}{
		{"start", dgt.BoardOf(start.Board(), false), p.Board(), false, true},
		{"start turned round", dgt.BoardOf(start.Board(), true), p.Board(), true, true},
		{"the game's position turned round", dgt.BoardOf(p.Board(), true), p.Board(), true, true},
		{"an empty board", dgt.Board{}, p.Board(), false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := dgt.Orientation(tt.board, tt.want)
			if r != tt.rotated || ok != tt.ok {
				t.Errorf("Orientation = %v, %v; want %v, %v", r, ok, tt.rotated, tt.ok)
			}
		})
	}
}

// The clock's message as dgtbrd.h lays it out: the right player's hours,
// minutes and seconds (BCD) first, then the left player's, then the status
// byte; a DGT 3000's acknowledgement carries no times.
func TestClockTimes(t *testing.T) {
	c := dgt.Clock{Left: 1*time.Hour + 29*time.Minute + 58*time.Second, Right: 59*time.Minute + 7*time.Second,
		Running: true, RightTurn: true, Present: true}
	m := dgt.ClockMessage(c)
	if want := []byte{0x00, 0x59, 0x07, 0x01, 0x29, 0x58, 0x09}; !bytes.Equal(m.Data, want) {
		t.Errorf("data % x, want % x", m.Data, want)
	}
	got, ack, err := m.ClockTimes()
	if err != nil || ack || got != c {
		t.Errorf("read back %+v %v %v, want %+v", got, ack, err, c)
	}
	if got, _, _ := dgt.ClockMessage(dgt.Clock{}).ClockTimes(); got.Present {
		t.Error("no clock read as present")
	}
	if _, ack, err := (dgt.Message{ID: dgt.MsgBWTime, Data: []byte{0x0a, 0x10, 0, 0x0a, 0, 0, 0}}).ClockTimes(); !ack || err != nil {
		t.Errorf("acknowledgement: %v %v", ack, err)
	}
	if _, _, err := (dgt.Message{ID: dgt.MsgBWTime, Data: []byte{0, 0x6a, 0, 0, 0, 0, 0}}).ClockTimes(); !errors.Is(err, dgt.ErrMessage) {
		t.Errorf("minutes 6a: %v", err)
	}
}
