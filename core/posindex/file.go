package posindex

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"unsafe"

	"touchmove/core/chess"
)

// The file form of an Index (WriteTo, Decode) is laid out so that it can be
// used where it lies, in a file mapped into memory, without copying:
//
//	magic     "touchmove posindex 2\n", padded with zeros to 24 bytes
//	counts    games, positions, exceptions, start positions, the start
//	          positions' bytes and the games left out, 8 bytes each
//	games     40 bytes each (headSize): its first position and first
//	          exception and its start (0: the standard one, else 1 + its
//	          place in the start positions) in 4 bytes each, White's and
//	          Black's ratings and the year in 2, the result and the flags in
//	          one each, the material signature (matSig) in 10, 2 of zeros,
//	          the balances seen (balanceBit) in 8
//	exceptions 4 bytes each: the ply and the move in 2 each
//	fp, mv    the fingerprints and the codes, a byte each position
//	starts    each start position as its FEN's length (a varint), the FEN
//	          and a byte (1: Chess960)
//	checksum  the CRC-32 (Castagnoli) of everything before it, in 4 bytes
//
// Numbers are little-endian. Where the machine is little-endian too (amd64,
// arm64) and the data aligned to 8 bytes (a mapped file is), Decode takes
// the games and exceptions as they are; elsewhere it copies them.
const magic = "touchmove posindex 3\n"

// The sizes of the parts of the file form.
const (
	magicSize  = 24
	headerSize = magicSize + 6*8
	headSize   = 40
	excSize    = 4
)

// ErrFormat is the error of data that is not an index Decode can read.
var ErrFormat = errors.New("posindex: not an index file")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// WriteTo writes the index in its file form to w.
func (ix *Index) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 1<<20)
	crc := crc32.New(castagnoli)
	out := io.MultiWriter(bw, crc)
	var starts []byte
	for _, p := range ix.starts {
		fen, c960 := strings.CutSuffix(p.fen, " 960")
		starts = binary.AppendUvarint(starts, uint64(len(fen)))
		starts = append(starts, fen...)
		if c960 {
			starts = append(starts, 1)
		} else {
			starts = append(starts, 0)
		}
	}
	b := make([]byte, magicSize, 1<<17)
	copy(b, magic)
	for _, n := range []int{len(ix.games), len(ix.fp), len(ix.exc), len(ix.starts), len(starts), ix.unread} {
		b = binary.LittleEndian.AppendUint64(b, uint64(n))
	}
	flush := func(force bool) error {
		if len(b) < 1<<16 && !force {
			return nil
		}
		_, err := out.Write(b)
		b = b[:0]
		return err
	}
	for g := range ix.games {
		b = appendHead(b, &ix.games[g])
		if err := flush(false); err != nil {
			return cw.n, err
		}
	}
	for _, e := range ix.exc {
		b = binary.LittleEndian.AppendUint16(b, e.ply)
		b = binary.LittleEndian.AppendUint16(b, uint16(e.move))
		if err := flush(false); err != nil {
			return cw.n, err
		}
	}
	if err := flush(true); err != nil {
		return cw.n, err
	}
	for _, part := range [][]byte{ix.fp, ix.mv, starts} {
		if _, err := out.Write(part); err != nil {
			return cw.n, err
		}
	}
	if _, err := bw.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		return cw.n, err
	}
	err := bw.Flush()
	return cw.n, err
}

// appendHead appends the file form of a game's head to b.
func appendHead(b []byte, h *gameHead) []byte {
	b = binary.LittleEndian.AppendUint32(b, h.off)
	b = binary.LittleEndian.AppendUint32(b, h.exc)
	b = binary.LittleEndian.AppendUint32(b, h.start)
	b = binary.LittleEndian.AppendUint16(b, h.whiteElo)
	b = binary.LittleEndian.AppendUint16(b, h.blackElo)
	b = binary.LittleEndian.AppendUint16(b, h.year)
	b = append(b, byte(h.result), h.flags)
	b = append(b, h.mat[:]...)
	b = append(b, 0, 0)
	return binary.LittleEndian.AppendUint64(b, h.seen)
}

// readHead reads the file form of a game's head.
func readHead(p []byte) gameHead {
	h := gameHead{
		off:      binary.LittleEndian.Uint32(p),
		exc:      binary.LittleEndian.Uint32(p[4:]),
		start:    binary.LittleEndian.Uint32(p[8:]),
		whiteElo: binary.LittleEndian.Uint16(p[12:]),
		blackElo: binary.LittleEndian.Uint16(p[14:]),
		year:     binary.LittleEndian.Uint16(p[16:]),
		result:   chess.Result(p[18]),
		flags:    p[19],
	}
	copy(h.mat[:], p[20:30])
	h.seen = binary.LittleEndian.Uint64(p[32:])
	return h
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// asIs reports whether the machine keeps a gameHead and an exception in
// memory as the file form does: little-endian, the fields at their places.
func asIs() bool {
	var h gameHead
	one := uint16(1)
	return *(*byte)(unsafe.Pointer(&one)) == 1 &&
		unsafe.Sizeof(h) == headSize && unsafe.Offsetof(h.year) == 16 && unsafe.Offsetof(h.flags) == 19 &&
		unsafe.Offsetof(h.mat) == 20 && unsafe.Offsetof(h.seen) == 32 && unsafe.Sizeof(exception{}) == excSize
}

// Decode reads an index in its file form, checksum first. The index keeps
// parts of data (all of it where the machine allows, see the file form):
// data must not change afterwards, nor a mapping of it end.
func Decode(data []byte) (*Index, error) {
	if len(data) < headerSize+4 || string(data[:len(magic)]) != magic {
		return nil, ErrFormat
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, fmt.Errorf("%w: checksum", ErrFormat)
	}
	var n [6]uint64
	for i := range n {
		n[i] = binary.LittleEndian.Uint64(body[magicSize+8*i:])
	}
	games, positions, excs, starts, startBytes, unread := n[0], n[1], n[2], n[3], n[4], n[5]
	rest := uint64(len(body) - headerSize)
	if games > rest/headSize || excs > rest/excSize || positions > rest || starts > rest || startBytes > rest ||
		games*headSize+excs*excSize+2*positions+startBytes != rest {
		return nil, fmt.Errorf("%w: counts", ErrFormat)
	}
	r := &reader{b: body[headerSize:]}
	hb := r.next(int(games * headSize))
	eb := r.next(int(excs * excSize))
	ix := &Index{unread: int(unread)}
	ix.fp = r.next(int(positions))
	ix.mv = r.next(int(positions))
	if asIs() && uintptr(unsafe.Pointer(unsafe.SliceData(body)))%8 == 0 {
		if games > 0 {
			ix.games = unsafe.Slice((*gameHead)(unsafe.Pointer(&hb[0])), games)
		}
		if excs > 0 {
			ix.exc = unsafe.Slice((*exception)(unsafe.Pointer(&eb[0])), excs)
		}
	} else {
		ix.games = make([]gameHead, games)
		for g := range ix.games {
			ix.games[g] = readHead(hb[g*headSize:])
		}
		ix.exc = make([]exception, excs)
		for i := range ix.exc {
			ix.exc[i] = exception{ply: binary.LittleEndian.Uint16(eb[4*i:]), move: chess.Move(binary.LittleEndian.Uint16(eb[4*i+2:]))}
		}
	}
	var off, exc uint32
	for g := range ix.games {
		h := &ix.games[g]
		if h.off < off || h.exc < exc || uint64(h.off) > positions || uint64(h.exc) > excs ||
			uint64(h.start) > starts || h.result > chess.Draw {
			return nil, fmt.Errorf("%w: game %d", ErrFormat, g+1)
		}
		off, exc = h.off, h.exc
	}
	// The start positions are set up when a query needs them (startPos).
	ix.starts = make([]*startPos, starts)
	all := make([]startPos, starts)
	for i := range all {
		n := r.count()
		fen := r.next(n)
		c960 := r.next(1)
		if r.err != nil || len(c960) != 1 || c960[0] > 1 || len(fen) == 0 {
			return nil, fmt.Errorf("%w: start position %d", ErrFormat, i+1)
		}
		all[i].fen = string(fen)
		if c960[0] == 1 {
			all[i].fen += " 960"
		}
		ix.starts[i] = &all[i]
	}
	if r.err != nil || len(r.b) != 0 {
		return nil, fmt.Errorf("%w: trailing bytes", ErrFormat)
	}
	return ix, nil
}

// reader reads the parts of an index file; the first failure sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) next(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b) {
		r.err = ErrFormat
		return nil
	}
	b := r.b[:n:n]
	r.b = r.b[n:]
	return b
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = ErrFormat
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) count() int {
	v := r.uvarint()
	if v > 1<<40 {
		r.err = ErrFormat
		return 0
	}
	return int(v)
}
