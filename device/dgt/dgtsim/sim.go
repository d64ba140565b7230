package dgtsim

import (
	"fmt"
	"os"
	"sync"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt"
)

// Board is a simulated DGT board. Its methods are safe for concurrent use.
type Board struct {
	mu      sync.Mutex
	link    string // the stable path the app opens (a symlink to the terminal)
	master  *os.File
	pieces  [64]chess.Piece
	rotated bool
	update  bool // in update mode: field updates are sent
	serial  string
	version [2]byte
	sent    int        // field updates sent
	clock   *dgt.Clock // the clock connected to the board; nil: none
	wg      sync.WaitGroup
}

// New returns a simulated board showing pieces (by square), its terminal
// reachable at link (a symlink the board keeps pointing at its current
// terminal, as udev's /dev/serial/by-id names do). rotated lays the board
// turned round: White on the side of field 0.
func New(link string, pieces [64]chess.Piece, rotated bool) (*Board, error) {
	b := &Board{link: link, pieces: pieces, rotated: rotated, serial: "24680", version: [2]byte{1, 9}}
	if err := b.Plug(); err != nil {
		return nil, err
	}
	return b, nil
}

// Path returns the path of the board's serial port.
func (b *Board) Path() string { return b.link }

// Serial returns the serial number the board reports.
func (b *Board) Serial() string { return b.serial }

// Plug puts the cable in: a new terminal, and the link pointing at it.
func (b *Board) Plug() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.master != nil {
		return nil
	}
	m, pts, err := openPTY()
	if err != nil {
		return err
	}
	tmp := b.link + ".new"
	_ = os.Remove(tmp)
	if err := os.Symlink(pts, tmp); err != nil {
		m.Close()
		return fmt.Errorf("dgtsim: link: %w", err)
	}
	if err := os.Rename(tmp, b.link); err != nil {
		m.Close()
		return fmt.Errorf("dgtsim: link: %w", err)
	}
	b.master, b.update = m, false
	b.wg.Add(1)
	go b.serve(m)
	return nil
}

// Unplug pulls the cable out: the terminal goes away, and the app reading
// it sees the link lost. The board keeps what is played on it meanwhile.
func (b *Board) Unplug() {
	b.mu.Lock()
	m := b.master
	b.master, b.update = nil, false
	b.mu.Unlock()
	if m == nil {
		return
	}
	_ = os.Remove(b.link)
	m.Close()
	b.wg.Wait()
}

// Close unplugs the board for good.
func (b *Board) Close() error {
	b.Unplug()
	return nil
}

// serve answers the commands that arrive on the terminal until it closes.
func (b *Board) serve(m *os.File) {
	defer b.wg.Done()
	buf := make([]byte, 64)
	for {
		n, err := m.Read(buf)
		if err != nil {
			b.mu.Lock()
			plugged := b.master == m
			b.mu.Unlock()
			if !plugged {
				return
			}
			// No one has the port open (EIO): wait for the app.
			time.Sleep(10 * time.Millisecond)
			continue
		}
		for _, c := range buf[:n] {
			b.command(dgt.Command(c))
		}
	}
}

// command answers one command.
func (b *Board) command(c dgt.Command) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch c {
	case dgt.CmdReset:
		b.update = false
	case dgt.CmdSendBoard:
		b.sendLocked(dgt.BoardDumpMessage(dgt.BoardOf(b.pieces, b.rotated)))
	case dgt.CmdUpdate, dgt.CmdUpdateBoard, dgt.CmdUpdateNice:
		b.update = true
	case dgt.CmdSendClock:
		b.sendLocked(b.clockMessageLocked())
	case dgt.CmdSerialNr:
		b.sendLocked(dgt.Message{ID: dgt.MsgSerialNr, Data: []byte(b.serial)})
	case dgt.CmdLongSerialNr:
		b.sendLocked(dgt.Message{ID: dgt.MsgLongSerialNr, Data: []byte("3." + b.serial + "000")})
	case dgt.CmdVersion:
		b.sendLocked(dgt.Message{ID: dgt.MsgVersion, Data: b.version[:]})
	}
}

func (b *Board) sendLocked(m dgt.Message) {
	if b.master == nil {
		return
	}
	_, _ = b.master.Write(m.Encode()) // a write to a terminal pulled out is lost, as on the wire
}

// Set puts p on sq (NoPiece lifts what is there), with a field update when
// the board is connected and in update mode.
func (b *Board) Set(sq chess.Square, p chess.Piece) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.pieces[sq] == p {
		return
	}
	b.pieces[sq] = p
	if b.update {
		b.sendLocked(dgt.FieldUpdateMessage(dgt.Field(sq, b.rotated), dgt.Code(dgt.CodeOfPiece(p))))
		b.sent++
	}
}

// SetClock connects a DGT clock to the board, or gives the reading of the
// one connected: the board sends its times when it is in update mode, as a
// board in DGT's "nice" update mode sends them when they change.
func (b *Board) SetClock(c dgt.Clock) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c.Present = true
	b.clock = &c
	if b.update {
		b.sendLocked(b.clockMessageLocked())
	}
}

func (b *Board) clockMessageLocked() dgt.Message {
	if b.clock == nil {
		return dgt.ClockMessage(dgt.Clock{})
	}
	return dgt.ClockMessage(*b.clock)
}

// Pieces returns what the board shows, by square.
func (b *Board) Pieces() [64]chess.Piece {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.pieces
}

// Updating reports whether the app has put the board in update mode.
func (b *Board) Updating() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.update
}

// SendGarbage writes bytes that are no message, as a noisy line may.
func (b *Board) SendGarbage(p []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.master != nil {
		_, _ = b.master.Write(p)
	}
}
