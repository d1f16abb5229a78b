package mlperf

import (
	"bufio"
	"io"
	"os"
)

// spoolMemory is how many bytes of encoded results a spool keeps in
// memory before it moves them to a temporary file: every real
// summary.csv fits, so only a file of hundreds of thousands of rows
// touches the disk.
const spoolMemory = 4 << 20

// spool keeps the encoded results of an import, in the order they were
// read, so that what an import holds in memory does not grow with its
// input: the results are written out by benchmark at the end, and only
// their places (spans) stay in memory. Past spoolMemory bytes they go to
// a temporary file, removed at once where the system allows it (its
// space is freed when the file is closed, even if the process is
// killed), else by close.
type spool struct {
	mem  []byte
	file *os.File
	w    *bufio.Writer
	name string // the file's name while it still has one
	size int64
	buf  []byte // for reading the file back
}

// span is where a run of encoded results lies in a spool.
type span struct{ off, n int64 }

// write appends p and returns its span.
func (s *spool) write(p []byte) (span, error) {
	sp := span{s.size, int64(len(p))}
	if s.file == nil && len(s.mem)+len(p) > spoolMemory {
		if err := s.spill(); err != nil {
			return span{}, err
		}
	}
	if s.file == nil {
		s.mem = append(s.mem, p...)
	} else if _, err := s.w.Write(p); err != nil {
		return span{}, err
	}
	s.size += sp.n
	return sp, nil
}

// spill moves what the spool holds in memory to a temporary file.
func (s *spool) spill() error {
	f, err := os.CreateTemp("", "gpucompare-mlperf-*.yaml")
	if err != nil {
		return err
	}
	if os.Remove(f.Name()) != nil {
		s.name = f.Name() // an open file cannot be removed here: close does
	}
	s.file, s.w = f, bufio.NewWriterSize(f, 1<<20)
	_, err = s.w.Write(s.mem)
	s.mem = nil
	return err
}

// copyTo writes the bytes of a span to w.
func (s *spool) copyTo(w io.Writer, sp span) error {
	if s.file == nil {
		_, err := w.Write(s.mem[sp.off : sp.off+sp.n])
		return err
	}
	if err := s.w.Flush(); err != nil {
		return err
	}
	if s.buf == nil {
		s.buf = make([]byte, 64<<10)
	}
	for sp.n > 0 {
		want := int(min(sp.n, int64(len(s.buf))))
		n, err := s.file.ReadAt(s.buf[:want], sp.off)
		if n < want {
			return err
		}
		if _, err := w.Write(s.buf[:n]); err != nil {
			return err
		}
		sp.off, sp.n = sp.off+int64(n), sp.n-int64(n)
	}
	return nil
}

// close frees what the spool holds.
func (s *spool) close() error {
	s.mem = nil
	if s.file == nil {
		return nil
	}
	err := s.file.Close()
	if s.name != "" {
		if rerr := os.Remove(s.name); err == nil {
			err = rerr
		}
	}
	s.file, s.w, s.name = nil, nil, ""
	return err
}
