package importer

import (
	"os"
	"strings"
	"testing"
)

func TestReadSkyPilotFixture(t *testing.T) {
	f, err := os.Open("testdata/skypilot/lambda-vms.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var l List
	if err := ReadSkyPilot(f, "lambda-vms.csv", &l); err != nil {
		t.Fatal(err)
	}
	// 7 GPU rows, each an on-demand offer; no spot prices; the CPU row
	// skipped.
	if len(l.Offers) != 7 || l.Skipped["no accelerator (not a GPU instance type)"] != 1 {
		t.Fatalf("%d offers, skipped %v; want 7 offers and 1 row skipped", len(l.Offers), l.Skipped)
	}
	o := l.Offers[2]
	if o.Instance != "gpu_1x_h100_pcie" || o.Region != "europe-central-1" || o.Model != "on_demand" || o.Amount != 2.49 || o.Currency != "USD" || o.Effective != "" || o.Pos.String() != "lambda-vms.csv:5:38" {
		t.Errorf("offer %+v at %s", o, o.Pos)
	}
	// What a row states of its type, for -add-instances: gpu_8x_v100 has
	// 8 V100 of 16384 MiB, 92 vCPUs, 448 GiB.
	sp := l.Offers[0].Spec
	if sp.GPUName != "V100" || sp.GPUCount != 8 || sp.NoGPU || *sp.VCPUs != 92 || *sp.RAMGiB != 448 || *sp.GPUMemoryGB != 16 {
		t.Errorf("spec of %s: %+v", l.Offers[0].Instance, sp)
	}
}

// TestReadSkyPilotZones checks the rules for zones of a region (a
// hand-made table in the AWS column order, not a fixture): the lowest spot
// price, and the one on-demand price.
func TestReadSkyPilotZones(t *testing.T) {
	in := `InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone
p3.2xlarge,V100,1.0,8.0,61.0,,3.06,0.5300,us-east-1,use1-az1
p3.2xlarge,V100,1.0,8.0,61.0,,3.06,0.5197,us-east-1,use1-az2
p3.2xlarge,V100,1.0,8.0,61.0,,3.06,0.6000,us-east-1,use1-az4
`
	var l List
	if err := ReadSkyPilot(strings.NewReader(in), "vms.csv", &l); err != nil {
		t.Fatal(err)
	}
	if len(l.Offers) != 2 || l.Offers[0].Amount != 3.06 || l.Offers[1].Model != "spot" || l.Offers[1].Amount != 0.5197 || l.Offers[1].Pos.Line != 3 {
		t.Errorf("offers %+v, want on-demand 3.06 and spot 0.5197 from line 3", l.Offers)
	}
}

func TestReadSkyPilotErrors(t *testing.T) {
	const head = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
	tests := []struct{ in, want string }{
		{"", "vms.csv:1:1: empty file: want a SkyPilot vms.csv with a header row (InstanceType, AcceleratorName, Price, Region, …)"},
		{"\"FormatVersion\",\"v1.0\"\n", "vms.csv:1:1: an AWS Price List offer file, not a SkyPilot vms.csv: read it with -format aws-pricelist"},
		{"InstanceType,Price\n", `vms.csv:1:1: no column "AcceleratorName": want a SkyPilot vms.csv, whose header has InstanceType, AcceleratorName, Price, Region`},
		{head + "gpu_8x_v100,V100,8.0,92.0,448.0,-4.4,us-east-1,,\n", "vms.csv:2:33: Price -4.4 is negative: want US dollars per hour, 0 or more"},
		{head + "gpu_8x_v100,V100,8.0,92.0,448.0,4.4,us-east-1,,x\n", `vms.csv:2:48: SpotPrice "x" is not a number: want US dollars per hour such as 3.06`},
		{head + "gpu_8x_v100,V100,8.0,92.0,448.0,4.4,us-east-1\n", "vms.csv:2:1: wrong number of fields: want comma-separated values with the header's number of fields"},
		{head + "gpu_8x_v100,V100,8.0,92.0,448.0,4.4,us-east-1,,\ngpu_8x_v100,V100,8.0,92.0,448.0,4.5,us-east-1,,\n", "vms.csv:3:33: Price 4.5 differs from 4.4 for the same instance type and region at vms.csv:2:33: want one on-demand price per region"},
	}
	for _, tt := range tests {
		var l List
		err := ReadSkyPilot(strings.NewReader(tt.in), "vms.csv", &l)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ReadSkyPilot(%q):\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

func FuzzReadSkyPilot(f *testing.F) {
	if b, err := os.ReadFile("testdata/skypilot/lambda-vms.csv"); err == nil {
		f.Add(string(b))
	}
	f.Add("InstanceType,AcceleratorName,Price,Region,SpotPrice\na,V100,1,r,0.5\na,V100,1,r,0.4\n")
	f.Fuzz(func(t *testing.T, in string) {
		var l List
		if err := ReadSkyPilot(strings.NewReader(in), "vms.csv", &l); err != nil {
			if !strings.HasPrefix(err.Error(), "vms.csv:") {
				t.Errorf("error without position: %v", err)
			}
			return
		}
		for _, o := range l.Offers {
			if o.Amount <= 0 || o.Currency != "USD" {
				t.Errorf("offer %+v", o)
			}
		}
	})
}
