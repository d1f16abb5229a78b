package mlperf

import (
	"io"
	"runtime"
	"strconv"
)

// generatedCSV is an MLPerf Inference summary.csv of n rows made as it
// is read, so a test can import a file of any size without holding it:
// rows of six tasks in two scenarios on several systems, every tenth on
// a MIG slice that is not imported.
type generatedCSV struct {
	n, i int // rows in all, rows made
	buf  []byte
}

func generated(n int) *generatedCSV {
	return &generatedCSV{n: n, buf: []byte(inferenceHeader)}
}

var generatedTasks = []struct{ model, units string }{
	{"bert-99", "Samples/s"}, {"resnet50", "Samples/s"}, {"retinanet", "Samples/s"},
	{"llama2-70b-99", "Tokens/s"}, {"mixtral-8x7b", "Tokens/s"}, {"3d-unet-99", "Samples/s"},
}

func (g *generatedCSV) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		if g.i == g.n {
			return 0, io.EOF
		}
		g.buf = g.row(g.buf[:0], g.i)
		g.i++
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	return n, nil
}

// row appends row i: about 400 bytes, as in a real summary.csv.
func (g *generatedCSV) row(b []byte, i int) []byte {
	task := generatedTasks[i%len(generatedTasks)]
	scenario := "Offline"
	if i/len(generatedTasks)%2 == 1 {
		scenario = "Server"
	}
	accel := "NVIDIA H100-SXM-80GB"
	if i%10 == 9 {
		accel = "NVIDIA A100-PCIe-80GB (1x1g.10gb MIG)"
	}
	system := "GIGABYTE G593-SD1 #" + strconv.Itoa(i%997)
	b = append(b, `GigaComputing,available,closed,"datacenter","`...)
	b = append(b, system...)
	b = append(b, `",GIGABYTE_G593_SD1_H100_SXM_80GBx8_TRT,`...)
	b = append(b, task.model+","+task.model+","+scenario+","...)
	b = strconv.AppendFloat(b, 1000+float64(i%100000)/10, 'f', 1, 64)
	b = append(b, `,45.3551,1,"Intel(R) Xeon(R) Platinum 8480+",2,56,"`...)
	b = append(b, accel...)
	b = append(b, `","8",closed/GigaComputing/results/GIGABYTE_G593_SD1_H100_SXM_80GBx8_TRT/`...)
	b = append(b, task.model+"/"+scenario...)
	b = append(b, `,"TensorRT 10.2.0, CUDA 12.4","Ubuntu 22.04.4","H100 TGP 700W, run `...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `",1,0,v4.1,0,False,`...)
	b = append(b, task.units...)
	return append(b, '\n')
}

// heapPeak samples the heap in use, the largest sample kept.
type heapPeak struct {
	max   uint64
	calls int
}

func (h *heapPeak) sample() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	h.max = max(h.max, ms.HeapInuse)
}

// sampledReader and sampledWriter sample the heap every 256 calls of
// Read or Write, together.
type sampledReader struct {
	r io.Reader
	h *heapPeak
}

func (s sampledReader) Read(p []byte) (int, error) {
	if s.h.calls++; s.h.calls%256 == 0 {
		s.h.sample()
	}
	return s.r.Read(p)
}

type sampledWriter struct {
	w io.Writer
	h *heapPeak
}

func (s sampledWriter) Write(p []byte) (int, error) {
	if s.h.calls++; s.h.calls%256 == 0 {
		s.h.sample()
	}
	return s.w.Write(p)
}
