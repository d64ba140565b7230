package dgt

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Conn is the protocol over a byte stream to one board. It is not safe for
// concurrent use, except that Send may be called while another goroutine
// waits in ReadMessage.
type Conn struct {
	w       io.Writer
	r       *bufio.Reader
	dropped int
}

// NewConn returns the protocol over rw.
func NewConn(rw io.ReadWriter) *Conn {
	return &Conn{w: rw, r: bufio.NewReaderSize(rw, 256)}
}

// Send writes commands to the board.
func (c *Conn) Send(cmds ...Command) error {
	b := make([]byte, len(cmds))
	for i, cmd := range cmds {
		b[i] = byte(cmd)
	}
	if _, err := c.w.Write(b); err != nil {
		return fmt.Errorf("dgt: send: %w", err)
	}
	return nil
}

// Dropped returns how many bytes ReadMessage skipped because they began no
// message.
func (c *Conn) Dropped() int { return c.dropped }

// ReadMessage returns the next message from the board. Stray bytes before a
// message are skipped (Dropped counts them). A message cut short by the
// start of the next one, or a header whose length cannot be, is an error
// that wraps ErrFraming; reading may go on after it. An error of the
// stream (the cable pulled) is returned wrapped, and ends the Conn.
func (c *Conn) ReadMessage() (Message, error) {
	var id byte
	for {
		b, err := c.r.ReadByte()
		if err != nil {
			return Message{}, fmt.Errorf("dgt: read: %w", err)
		}
		if b&messageBit != 0 {
			id = b &^ messageBit
			break
		}
		c.dropped++
	}
	var hdr [2]byte
	for i := range hdr {
		b, err := c.r.ReadByte()
		if err != nil {
			return Message{}, fmt.Errorf("dgt: read: %w", err)
		}
		if b&messageBit != 0 {
			_ = c.r.UnreadByte()
			return Message{}, fmt.Errorf("%w: %v header cut short", ErrFraming, MessageID(id))
		}
		hdr[i] = b
	}
	size := int(hdr[0])<<7 | int(hdr[1])
	if size < headerSize {
		return Message{}, fmt.Errorf("%w: %v of length %d", ErrFraming, MessageID(id), size)
	}
	data := make([]byte, size-headerSize)
	for i := range data {
		b, err := c.r.ReadByte()
		if err != nil {
			return Message{}, fmt.Errorf("dgt: read: %w", err)
		}
		if b&messageBit != 0 {
			_ = c.r.UnreadByte()
			return Message{}, fmt.Errorf("%w: %v cut short after %d of %d bytes", ErrFraming, MessageID(id), i, len(data))
		}
		data[i] = b
	}
	return Message{ID: MessageID(id), Data: data}, nil
}

// FieldUpdate reads a DGT_FIELD_UPDATE: the field and its new piece.
func (m Message) FieldUpdate() (field int, p Code, err error) {
	if m.ID != MsgFieldUpdate || len(m.Data) != sizeFieldUpdate-headerSize {
		return 0, 0, fmt.Errorf("%w: %v with %d bytes is no field update", ErrMessage, m.ID, len(m.Data))
	}
	if m.Data[0] > 63 {
		return 0, 0, fmt.Errorf("%w: field update of field %d", ErrMessage, m.Data[0])
	}
	if m.Data[1] > codeLast {
		return 0, 0, fmt.Errorf("%w: field update with piece code 0x%02x", ErrMessage, m.Data[1])
	}
	return int(m.Data[0]), Code(m.Data[1]), nil
}

// BoardDump reads a DGT_BOARD_DUMP.
func (m Message) BoardDump() (Board, error) {
	var b Board
	if m.ID != MsgBoardDump || len(m.Data) != sizeBoardDump-headerSize {
		return b, fmt.Errorf("%w: %v with %d bytes is no board dump", ErrMessage, m.ID, len(m.Data))
	}
	for f, code := range m.Data {
		if code > codeLast {
			return b, fmt.Errorf("%w: board dump with piece code 0x%02x on field %d", ErrMessage, code, f)
		}
		b[f] = Code(code)
	}
	return b, nil
}

// Version reads a DGT_VERSION: the main and sub version, as "1.02".
func (m Message) Version() (string, error) {
	if m.ID != MsgVersion || len(m.Data) != sizeVersion-headerSize {
		return "", fmt.Errorf("%w: %v with %d bytes is no version", ErrMessage, m.ID, len(m.Data))
	}
	return fmt.Sprintf("%d.%02d", m.Data[0], m.Data[1]), nil
}

// SerialNr reads a DGT_SERIALNR or DGT_LONG_SERIALNR: the board's serial
// number as the board writes it (older boards add the version of their
// storage after a space, which is dropped).
func (m Message) SerialNr() (string, error) {
	if m.ID != MsgSerialNr && m.ID != MsgLongSerialNr || len(m.Data) == 0 {
		return "", fmt.Errorf("%w: %v with %d bytes is no serial number", ErrMessage, m.ID, len(m.Data))
	}
	s := string(m.Data)
	if i := strings.IndexByte(s, ' '); i > 0 && m.ID == MsgSerialNr {
		s = s[:i]
	}
	for _, r := range s {
		if r < ' ' || r > '~' {
			return "", fmt.Errorf("%w: serial number %q", ErrMessage, s)
		}
	}
	return strings.TrimSpace(s), nil
}

// FieldUpdateMessage is the message of a field update, as a board sends it.
func FieldUpdateMessage(field int, p Code) Message {
	return Message{ID: MsgFieldUpdate, Data: []byte{byte(field), byte(p)}}
}

// BoardDumpMessage is the message of a board dump, as a board sends it.
func BoardDumpMessage(b Board) Message {
	data := make([]byte, 64)
	for f, c := range b {
		data[f] = byte(c)
	}
	return Message{ID: MsgBoardDump, Data: data}
}
