package dgt

import (
	"errors"
	"fmt"

	"touchmove/core/chess"
)

// Command is a one-byte command from the computer to the board.
type Command byte

// The commands of dgtbrd.h that Touchmove sends.
const (
	CmdReset        Command = 0x40 // idle mode: no more updates; no answer
	CmdSendClock    Command = 0x41 // answered by MsgBWTime
	CmdSendBoard    Command = 0x42 // answered by MsgBoardDump
	CmdUpdate       Command = 0x43 // update mode: field updates and clock times
	CmdUpdateBoard  Command = 0x44 // update mode: field updates only
	CmdSerialNr     Command = 0x45 // answered by MsgSerialNr
	CmdBusAddress   Command = 0x46 // answered by MsgBusAddress
	CmdTrademark    Command = 0x47 // answered by MsgTrademark
	CmdUpdateNice   Command = 0x4b // update mode: field updates, clock times when they change
	CmdVersion      Command = 0x4d // answered by MsgVersion
	CmdLongSerialNr Command = 0x55 // answered by MsgLongSerialNr
)

// messageBit is set in the first byte of every message from the board, and
// in no other byte.
const messageBit = 0x80

// MessageID identifies a message from the board (without the message bit).
type MessageID byte

// The messages of dgtbrd.h.
const (
	MsgNone          MessageID = 0x00
	MsgBoardDump     MessageID = 0x06 // 64 piece codes, field 0 (a8) first
	MsgBWTime        MessageID = 0x0d // the clock's times
	MsgFieldUpdate   MessageID = 0x0e // a field and its new piece code
	MsgEEMoves       MessageID = 0x0f // the board's stored moves
	MsgBusAddress    MessageID = 0x10
	MsgSerialNr      MessageID = 0x11 // five ASCII digits (older boards add a version)
	MsgTrademark     MessageID = 0x12
	MsgVersion       MessageID = 0x13 // main and sub version
	MsgBatteryStatus MessageID = 0x20
	MsgLongSerialNr  MessageID = 0x22 // ten ASCII characters
)

// Sizes of the fixed messages, header included.
const (
	headerSize      = 3
	sizeBoardDump   = headerSize + 64
	sizeFieldUpdate = headerSize + 2
	sizeVersion     = headerSize + 2
	// maxSize bounds a message (14 bits of length).
	maxSize = 1<<14 - 1
)

// String names the message as dgtbrd.h does.
func (id MessageID) String() string {
	switch id {
	case MsgNone:
		return "DGT_NONE"
	case MsgBoardDump:
		return "DGT_BOARD_DUMP"
	case MsgBWTime:
		return "DGT_BWTIME"
	case MsgFieldUpdate:
		return "DGT_FIELD_UPDATE"
	case MsgEEMoves:
		return "DGT_EE_MOVES"
	case MsgBusAddress:
		return "DGT_BUSADRES"
	case MsgSerialNr:
		return "DGT_SERIALNR"
	case MsgTrademark:
		return "DGT_TRADEMARK"
	case MsgVersion:
		return "DGT_VERSION"
	case MsgBatteryStatus:
		return "DGT_BATTERY_STATUS"
	case MsgLongSerialNr:
		return "DGT_LONG_SERIALNR"
	}
	return fmt.Sprintf("DGT message 0x%02x", byte(id))
}

// Message is one message from the board: its ID and its data (the bytes
// after the header).
type Message struct {
	ID   MessageID
	Data []byte
}

// Encode returns the message as the board sends it.
func (m Message) Encode() []byte {
	n := headerSize + len(m.Data)
	b := make([]byte, 0, n)
	b = append(b, byte(m.ID)|messageBit, byte(n>>7)&0x7f, byte(n)&0x7f)
	return append(b, m.Data...)
}

// Errors of the protocol.
var (
	// ErrFraming: bytes that are not a message where one should start, or
	// a message header with a length that cannot be.
	ErrFraming = errors.New("dgt: bad message framing")
	// ErrMessage: a message whose data does not fit its kind (a board dump
	// that is not 64 fields, a piece code or field out of range).
	ErrMessage = errors.New("dgt: bad message")
	// ErrTimeout: the board did not answer in time.
	ErrTimeout = errors.New("dgt: no answer from the board")
	// ErrNotDGT: the device answers, but not as a DGT board.
	ErrNotDGT = errors.New("dgt: not a DGT board")
)

// Piece codes of dgtbrd.h.
const (
	codeEmpty   = 0x00
	codeWPawn   = 0x01
	codeWRook   = 0x02
	codeWKnight = 0x03
	codeWBishop = 0x04
	codeWKing   = 0x05
	codeWQueen  = 0x06
	codeBPawn   = 0x07
	codeBRook   = 0x08
	codeBKnight = 0x09
	codeBBishop = 0x0a
	codeBKing   = 0x0b
	codeBQueen  = 0x0c
	// 0x0d–0x0f are the "magic pieces" of some boards; they are no chess piece.
	codeLast = 0x0f
)

var codePieces = [...]chess.Piece{
	codeEmpty: chess.NoPiece,
	codeWPawn: chess.WhitePawn, codeWRook: chess.WhiteRook, codeWKnight: chess.WhiteKnight,
	codeWBishop: chess.WhiteBishop, codeWKing: chess.WhiteKing, codeWQueen: chess.WhiteQueen,
	codeBPawn: chess.BlackPawn, codeBRook: chess.BlackRook, codeBKnight: chess.BlackKnight,
	codeBBishop: chess.BlackBishop, codeBKing: chess.BlackKing, codeBQueen: chess.BlackQueen,
}

// PieceOfCode returns the chess piece of a DGT piece code (NoPiece for an
// empty field or a magic piece); ok is false for a code dgtbrd.h does not
// define.
func PieceOfCode(code byte) (p chess.Piece, ok bool) {
	if code > codeLast {
		return chess.NoPiece, false
	}
	if int(code) < len(codePieces) {
		return codePieces[code], true
	}
	return chess.NoPiece, true
}

// CodeOfPiece returns the DGT piece code of a chess piece.
func CodeOfPiece(p chess.Piece) byte {
	for c, q := range codePieces {
		if q == p {
			return byte(c)
		}
	}
	return codeEmpty
}
