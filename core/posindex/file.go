package posindex

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"

	"touchmove/core/chess"
)

// The file form of an Index (WriteTo, Decode): a magic line, the counts,
// each game's head (its positions, exceptions and start as varints, the
// ratings and the year in 16 bits, the result and flags in a byte), the
// fingerprints and the codes as they are, the exceptions in four bytes each,
// the start positions as FEN, and a CRC-32 (Castagnoli) of all that.
const magic = "touchmove posindex 1\n"

// ErrFormat is the error of data that is not an index Decode can read.
var ErrFormat = errors.New("posindex: not an index file")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// WriteTo writes the index in its file form to w.
func (ix *Index) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 1<<20)
	crc := crc32.New(castagnoli)
	out := io.MultiWriter(bw, crc)
	var b []byte
	b = append(b, magic...)
	for _, n := range []int{len(ix.games), len(ix.fp), len(ix.exc), len(ix.starts), ix.unread} {
		b = binary.AppendUvarint(b, uint64(n))
	}
	for g := range ix.games {
		h := &ix.games[g]
		lo, hi := ix.span(g)
		b = binary.AppendUvarint(b, uint64(hi-lo))
		b = binary.AppendUvarint(b, uint64(len(ix.excSpan(g))))
		b = binary.AppendUvarint(b, uint64(h.start))
		b = binary.LittleEndian.AppendUint16(b, h.whiteElo)
		b = binary.LittleEndian.AppendUint16(b, h.blackElo)
		b = binary.LittleEndian.AppendUint16(b, h.year)
		b = append(b, byte(h.result)|h.flags<<4)
		if len(b) > 1<<16 {
			if _, err := out.Write(b); err != nil {
				return cw.n, err
			}
			b = b[:0]
		}
	}
	if _, err := out.Write(b); err != nil {
		return cw.n, err
	}
	if _, err := out.Write(ix.fp); err != nil {
		return cw.n, err
	}
	if _, err := out.Write(ix.mv); err != nil {
		return cw.n, err
	}
	b = b[:0]
	for _, e := range ix.exc {
		b = binary.LittleEndian.AppendUint16(b, e.ply)
		b = binary.LittleEndian.AppendUint16(b, uint16(e.move))
	}
	for _, p := range ix.starts {
		fen := p.FEN()
		b = binary.AppendUvarint(b, uint64(len(fen)))
		b = append(b, fen...)
		if p.Chess960() {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	if _, err := out.Write(b); err != nil {
		return cw.n, err
	}
	if _, err := bw.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		return cw.n, err
	}
	err := bw.Flush()
	return cw.n, err
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

// Decode reads an index in its file form. The index keeps parts of data:
// data must not change afterwards.
func Decode(data []byte) (*Index, error) {
	if len(data) < len(magic)+4 || !strings.HasPrefix(string(data[:len(magic)]), magic) {
		return nil, ErrFormat
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, fmt.Errorf("%w: checksum", ErrFormat)
	}
	r := &reader{b: body[len(magic):]}
	games, positions, excs, starts, unread := r.count(), r.count(), r.count(), r.count(), r.count()
	if r.err != nil || games > len(r.b) || positions > len(r.b) || excs > len(r.b) || starts > len(r.b) {
		return nil, fmt.Errorf("%w: counts", ErrFormat)
	}
	ix := &Index{games: make([]gameHead, games), unread: unread}
	var off, exc uint64
	for g := range ix.games {
		h := &ix.games[g]
		h.off, h.exc = uint32(off), uint32(exc)
		off += r.uvarint()
		exc += r.uvarint()
		h.start = uint32(r.uvarint())
		h.whiteElo, h.blackElo, h.year = r.u16(), r.u16(), r.u16()
		rf := r.next(1)
		if r.err != nil || len(rf) != 1 {
			return nil, fmt.Errorf("%w: games", ErrFormat)
		}
		h.result, h.flags = chess.Result(rf[0]&15), rf[0]>>4
		if h.start > uint32(starts) || h.result > chess.Draw {
			return nil, fmt.Errorf("%w: game %d", ErrFormat, g+1)
		}
	}
	if off != uint64(positions) || exc != uint64(excs) {
		return nil, fmt.Errorf("%w: game sizes", ErrFormat)
	}
	ix.fp = r.next(positions)
	ix.mv = r.next(positions)
	eb := r.next(4 * excs)
	if r.err != nil {
		return nil, fmt.Errorf("%w: positions", ErrFormat)
	}
	ix.exc = make([]exception, excs)
	for i := range ix.exc {
		ix.exc[i] = exception{ply: binary.LittleEndian.Uint16(eb[4*i:]), move: chess.Move(binary.LittleEndian.Uint16(eb[4*i+2:]))}
	}
	for range starts {
		n := r.count()
		fen := string(r.next(n))
		c960 := r.next(1)
		if r.err != nil || len(c960) != 1 {
			return nil, fmt.Errorf("%w: start positions", ErrFormat)
		}
		s, err := chess.ParseFEN(fen)
		if err != nil {
			return nil, fmt.Errorf("%w: start position: %w", ErrFormat, err)
		}
		s.Chess960 = s.Chess960 || c960[0] == 1
		p, _, err := s.Playable()
		if err != nil {
			return nil, fmt.Errorf("%w: start position: %w", ErrFormat, err)
		}
		ix.starts = append(ix.starts, p)
	}
	if len(r.b) != 0 {
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

func (r *reader) u16() uint16 {
	b := r.next(2)
	if len(b) < 2 {
		return 0
	}
	return binary.LittleEndian.Uint16(b)
}
