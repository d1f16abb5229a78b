package catalog

import "testing"

func TestGPUClassIsFamilyAndMemory(t *testing.T) {
	gb := func(v float64) *float64 { return &v }
	tests := []struct {
		gpu  GPU
		want GPUClass
	}{
		{GPU{ID: "a100-sxm4-80gb", Name: "A100 SXM4 80GB", Model: "A100", MemoryGB: gb(80)}, GPUClass{"a100-80gb", "A100 80GB"}},
		{GPU{ID: "a100-pcie-80gb", Name: "A100 PCIe 80GB", Model: "A100", MemoryGB: gb(80)}, GPUClass{"a100-80gb", "A100 80GB"}},
		{GPU{ID: "a100-sxm4-40gb", Name: "A100 SXM4 40GB", Model: "A100", MemoryGB: gb(40)}, GPUClass{"a100-40gb", "A100 40GB"}},
		{GPU{ID: "rtx-4090", Name: "GeForce RTX 4090", Model: "GeForce RTX 4090", MemoryGB: gb(24)}, GPUClass{"geforce-rtx-4090-24gb", "GeForce RTX 4090 24GB"}},
		{GPU{ID: "x", Name: "X", Model: "X", MemoryGB: gb(40.5)}, GPUClass{"x-40.5gb", "X 40.5GB"}},
		// No stated memory, no family, a family with no letter of an id:
		// the GPU is a class of its own.
		{GPU{ID: "h100-nvl", Name: "H100 NVL", Model: "H100"}, GPUClass{"h100-nvl", "H100 NVL"}},
		{GPU{ID: "t4", Name: "T4", MemoryGB: gb(16)}, GPUClass{"t4", "T4"}},
		{GPU{ID: "ascend", Name: "昇腾 910B", Model: "昇腾", MemoryGB: gb(64)}, GPUClass{"ascend", "昇腾 910B"}},
	}
	for _, tt := range tests {
		if got := tt.gpu.Class(); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.gpu.ID, got, tt.want)
		}
	}
}
