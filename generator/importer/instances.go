package importer

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
)

// Spec is what a price list states about an instance type besides its
// prices, read so that -add-instances can add the type to the catalog.
// Zero values are not stated.
type Spec struct {
	// GPUName is the format's name of the GPU: SkyPilot's AcceleratorName,
	// the AWS instance family ("p4d", the Price List names no GPU model),
	// "" for Azure, whose table entries are VM sizes.
	GPUName  string
	GPUCount int
	// GPUMemoryGB is the memory of one GPU as the source states it
	// (SkyPilot's MiB over 1,024): checked against the mapped GPU's, never
	// written, for it is in GiB where the catalog's GPUs are in GB.
	GPUMemoryGB *float64
	// NoGPU is set when the source says the type has no GPU (an AWS type
	// whose GPU column is empty, an Azure size outside the N series).
	NoGPU  bool
	VCPUs  *float64
	RAMGiB *float64
}

// GPUNamesFile is the table -add-instances maps GPU names with, in a site
// root.
const GPUNamesFile = "data/gpu-names.yaml"

// GPUNames maps the GPU names of price lists onto catalog GPU ids (the
// table in data/gpu-names.yaml): per format, an instance type's own entry
// first, then its GPU name's.
type GPUNames struct {
	File string
	// Memory gives a catalog GPU's memory in GB, nil when unknown; the
	// GPU memory a price list states is checked against it when set.
	Memory  func(id string) *float64
	formats map[string]*nameTable
}

type nameTable struct{ instances, gpus map[string]GPUEntry }

// GPUEntry is one row of the table.
type GPUEntry struct {
	GPU string // a catalog GPU id
	// GPUCount is the count the table gives, for formats that do not
	// state one (Azure), with its Source; 0 when not given.
	GPUCount int
	Source   string
	Line     int
}

// ReadGPUNames reads the table text src (named file in messages); known
// tells the catalog's GPU ids, and an id it does not know is an error.
//
//	skypilot:
//	  gpus: {V100: v100-sxm2-16gb}                     # by GPU name
//	  instances: {gpu_1x_h100_pcie: h100-pcie-80gb}    # by instance type
//	azure-retail:
//	  instances:
//	    Standard_ND96asr_v4: {gpu: a100-sxm4-40gb, gpu_count: 8, source: …}
func ReadGPUNames(src []byte, file string, known func(id string) bool) (*GPUNames, error) {
	var top yaml.Node
	if err := yaml.Unmarshal(src, &top); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	g := &GPUNames{File: file, formats: map[string]*nameTable{}}
	if len(top.Content) == 0 {
		return g, nil
	}
	root := top.Content[0]
	at := func(n *yaml.Node) string { return fmt.Sprintf("%s:%d:%d", file, n.Line, n.Column) }
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: not a mapping: want the formats (%s), each with gpus: and instances:", at(root), strings.Join(Formats, ", "))
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		fk, fv := root.Content[i], root.Content[i+1]
		if !KnownFormat(fk.Value) {
			return nil, fmt.Errorf("%s: unknown format %q: want one of %s", at(fk), fk.Value, strings.Join(Formats, ", "))
		}
		if fv.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("%s: %s is not a mapping: want gpus: and instances:", at(fv), fk.Value)
		}
		t := &nameTable{instances: map[string]GPUEntry{}, gpus: map[string]GPUEntry{}}
		g.formats[fk.Value] = t
		for j := 0; j+1 < len(fv.Content); j += 2 {
			kk, kv := fv.Content[j], fv.Content[j+1]
			var m map[string]GPUEntry
			switch kk.Value {
			case "gpus":
				m = t.gpus
			case "instances":
				m = t.instances
			default:
				return nil, fmt.Errorf("%s: unknown key %q: want gpus (by GPU name) or instances (by instance type)", at(kk), kk.Value)
			}
			if kv.Kind != yaml.MappingNode {
				return nil, fmt.Errorf("%s: %s.%s is not a mapping: want NAME: GPU-ID", at(kv), fk.Value, kk.Value)
			}
			for n := 0; n+1 < len(kv.Content); n += 2 {
				nk, nv := kv.Content[n], kv.Content[n+1]
				e, err := gpuEntry(nv, at)
				if err != nil {
					return nil, err
				}
				if !known(e.GPU) {
					return nil, fmt.Errorf("%s: GPU id %q is not in data/gpus: want the id of a GPU record", at(nv), e.GPU)
				}
				if _, dup := m[nk.Value]; dup {
					return nil, fmt.Errorf("%s: %q given twice: want one entry a name", at(nk), nk.Value)
				}
				m[nk.Value] = e
			}
		}
	}
	return g, nil
}

// gpuEntry reads one entry: a GPU id, or a mapping with gpu, gpu_count and
// the source of the count.
func gpuEntry(n *yaml.Node, at func(*yaml.Node) string) (GPUEntry, error) {
	e := GPUEntry{Line: n.Line}
	if n.Kind == yaml.ScalarNode {
		e.GPU = n.Value
		return e, nil
	}
	if n.Kind != yaml.MappingNode {
		return e, fmt.Errorf("%s: want a GPU id, or {gpu: ID, gpu_count: N, source: TEXT}", at(n))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch k.Value {
		case "gpu":
			e.GPU = v.Value
		case "gpu_count":
			c, err := strconv.Atoi(v.Value)
			if err != nil || c <= 0 {
				return e, fmt.Errorf("%s: gpu_count %q: want a whole number above 0", at(v), v.Value)
			}
			e.GPUCount = c
		case "source":
			e.Source = v.Value
		default:
			return e, fmt.Errorf("%s: unknown key %q: want gpu, gpu_count, source", at(k), k.Value)
		}
	}
	switch {
	case e.GPU == "":
		return e, fmt.Errorf("%s: no gpu: want the catalog GPU id", at(n))
	case e.GPUCount > 0 && e.Source == "":
		return e, fmt.Errorf("%s: gpu_count without a source: want the source that states the count", at(n))
	}
	return e, nil
}

// lookup is the entry of an instance type of a format: its own, or its
// GPU name's.
func (g *GPUNames) lookup(format, instance, gpuName string) (GPUEntry, bool) {
	t := g.formats[format]
	if t == nil {
		return GPUEntry{}, false
	}
	if e, ok := t.instances[instance]; ok {
		return e, true
	}
	if gpuName == "" {
		return GPUEntry{}, false
	}
	e, ok := t.gpus[gpuName]
	return e, ok
}

// memoryTolerance is how far a stated GPU memory may be from the mapped
// GPU's: sources state GiB, MiB or rounded GB (an L4 is 22,888 MiB in
// SkyPilot, 24 GB in its datasheet); a wrong mapping is off by far more
// (40 GB against 80 GB).
const memoryTolerance = 0.15

// checkMemory tells a mapping to a GPU whose memory is not what the price
// list states for the instance type.
func (g *GPUNames) checkMemory(e GPUEntry, sp Spec, name string, pos Pos) error {
	if g.Memory == nil || sp.GPUMemoryGB == nil {
		return nil
	}
	want := g.Memory(e.GPU)
	if want == nil || *want <= 0 || math.Abs(*sp.GPUMemoryGB-*want) <= memoryTolerance**want {
		return nil
	}
	return fmt.Errorf("%s: %s has %s GB of memory a GPU here, but %s:%d maps it to %s, a GPU of %s GB: map it to the GPU it has", pos, name, amountText(math.Round(*sp.GPUMemoryGB*10)/10), g.File, e.Line, e.GPU, amountText(*want))
}

// NewInstance is an instance type AddInstances added.
type NewInstance struct {
	*catalog.Instance
	GPUName string // the price list's name of the GPU, "" when it names none
	// ByType is set when the table maps the instance type itself rather
	// than its GPU name.
	ByType bool
}

// Mapping says how the table mapped the GPU, for people.
func (a NewInstance) Mapping() string {
	how := "the GPU name"
	if a.ByType {
		how = "the instance type"
	}
	if a.GPUName == "" {
		return how
	}
	return fmt.Sprintf("%s; the price list names the GPU %q", how, a.GPUName)
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

// AddInstances adds to the provider file text src (named file in
// messages) each instance type of list that prov does not have, with the
// GPU names maps and what the price list states of it: GPU count, vCPUs,
// memory, and the regions of the catalog it is priced in. The instances
// are appended to prov.Instances too, so that Merge prices them. A type
// priced in no region of the catalog is not added: notAdded gets the
// reason, for Merge to report.
//
// A GPU name the table lacks is an error listing every such name with
// where the price list states it; nothing should be written then.
func AddInstances(src []byte, file string, list *List, prov *catalog.Provider, names *GPUNames, opts Options, notAdded map[string]string) ([]byte, []NewInstance, error) {
	type group struct {
		spec    Spec
		pos     Pos
		regions []string
	}
	groups := map[string]*group{}
	for _, o := range list.Offers {
		if o.Spec.NoGPU || findInstance(prov, o.Instance) != nil {
			continue
		}
		g := groups[o.Instance]
		if g == nil {
			g = &group{spec: o.Spec, pos: o.Pos}
			groups[o.Instance] = g
		}
		if r := findRegion(prov, o.Region); r != nil && !slices.Contains(g.regions, r.ID) {
			g.regions = append(g.regions, r.ID)
		}
	}
	order := make([]string, 0, len(groups))
	for name := range groups {
		order = append(order, name)
	}
	sort.Strings(order)

	var added []NewInstance
	var unknown []string
	seen := map[string]bool{}
	for _, name := range order {
		g := groups[name]
		if len(g.regions) == 0 {
			notAdded[name] = "new instance type priced in no region of the catalog"
			continue
		}
		e, ok := names.lookup(list.Format, name, g.spec.GPUName)
		if !ok {
			label := g.spec.GPUName
			if label == "" {
				label = name
			}
			if !seen[label] {
				seen[label] = true
				unknown = append(unknown, fmt.Sprintf("%q (%s, %s)", label, name, g.pos))
			}
			continue
		}
		count := g.spec.GPUCount
		cite := opts.Source
		switch {
		case count > 0 && e.GPUCount > 0 && count != e.GPUCount:
			return nil, nil, fmt.Errorf("%s: %s has %d GPUs here, but %s:%d gives %d: correct the table", g.pos, name, count, names.File, e.Line, e.GPUCount)
		case count == 0 && e.GPUCount == 0:
			return nil, nil, fmt.Errorf("%s: the price list does not state the GPU count of %s: give it in %s as %s: {gpu: %s, gpu_count: N, source: TEXT}", g.pos, name, names.File, name, e.GPU)
		case count == 0:
			count = e.GPUCount
			cite += " ; GPU count: " + e.Source
		}
		if err := names.checkMemory(e, g.spec, name, g.pos); err != nil {
			return nil, nil, err
		}
		id := strings.ToLower(name)
		if !idPattern.MatchString(id) {
			return nil, nil, fmt.Errorf("%s: instance type %q makes no id ([a-z0-9][a-z0-9._-]*): add it to %s by hand", g.pos, name, file)
		}
		if prov.Instance(id) != nil {
			return nil, nil, fmt.Errorf("%s: instance type %q would take the id %q of another instance type of %s: add it by hand", g.pos, name, id, file)
		}
		slices.Sort(g.regions)
		in := &catalog.Instance{ID: id, Name: name, GPU: e.GPU, GPUCount: count, VCPUs: g.spec.VCPUs, RAMGiB: g.spec.RAMGiB,
			Regions: g.regions, Source: cite, AsOf: string(opts.AsOf), Provider: prov}
		_, own := names.formats[list.Format].instances[name]
		added = append(added, NewInstance{Instance: in, GPUName: g.spec.GPUName, ByType: own})
	}
	if len(unknown) > 0 {
		return nil, nil, fmt.Errorf("%s: no catalog GPU for %d name(s) of the %s price list: %s: map each in %s.gpus (GPU names) or %s.instances (instance types) to a GPU id of data/gpus",
			names.File, len(unknown), list.Format, strings.Join(unknown, ", "), list.Format, list.Format)
	}
	if len(added) == 0 {
		return src, nil, nil
	}
	var items [][]string
	for _, a := range added {
		items = append(items, instanceLines(a, names.File))
	}
	out, err := appendItems(src, file, "instances", items)
	if err != nil {
		return nil, nil, err
	}
	for _, a := range added {
		prov.Instances = append(prov.Instances, a.Instance)
	}
	return out, added, nil
}

// instanceLines writes an instance record as lines of a block list item at
// column 0, in the style of the shipped provider files.
func instanceLines(a NewInstance, table string) []string {
	n := &yaml.Node{Kind: yaml.MappingNode}
	put := func(key, value, tag string, style yaml.Style) {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: value, Style: style})
	}
	const str, num = "!!str", ""
	in := a.Instance
	put("id", in.ID, str, 0)
	put("name", in.Name, str, 0)
	put("gpu", in.GPU, str, 0)
	put("gpu_count", strconv.Itoa(in.GPUCount), num, 0)
	if in.VCPUs != nil {
		put("vcpus", amountText(*in.VCPUs), num, 0)
	}
	if in.RAMGiB != nil {
		put("ram_gib", amountText(*in.RAMGiB), num, 0)
	}
	regions := &yaml.Node{Kind: yaml.SequenceNode}
	for _, r := range in.Regions {
		regions.Content = append(regions.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: str, Value: r})
	}
	n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "regions"}, regions)
	put("notes", fmt.Sprintf("Added from a price list; GPU mapped by %s (%s).", table, a.Mapping()), str, 0)
	put("source", in.Source, str, 0)
	put("as_of", in.AsOf, str, yaml.SingleQuotedStyle)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	_ = enc.Encode(n) // a mapping of strings always encodes
	_ = enc.Close()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i, l := range lines {
		// The encoder indents a list under its key; the catalog's files
		// write its dashes at the key's column.
		if strings.HasPrefix(l, "  - ") {
			l = l[2:]
		}
		if i == 0 {
			lines[i] = "- " + l
		} else {
			lines[i] = "  " + l
		}
	}
	return lines
}

// appendItems appends items (lines of list items written at column 0) to
// the block list under the top-level key of the YAML text src, keeping
// every other line's bytes. A file without the key gets it at its end.
func appendItems(src []byte, file, key string, items [][]string) ([]byte, error) {
	var top yaml.Node
	if err := yaml.Unmarshal(src, &top); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if top.Kind != yaml.DocumentNode || len(top.Content) != 1 || top.Content[0].Kind != yaml.MappingNode || top.Content[0].Style&yaml.FlowStyle != 0 {
		return nil, fmt.Errorf("%s:1:1: not a block mapping: want the provider's fields one a line", file)
	}
	text := string(src)
	if strings.Contains(text, "\r") {
		return nil, fmt.Errorf("%s: has carriage returns: want a file with plain newline line ends", file)
	}
	d := &doc{file: file, root: top.Content[0], replace: map[int]string{}, attach: map[int][]string{}, insert: map[int][]string{}}
	d.lines, d.ends = splitLines(text)
	for i := 0; i+1 < len(d.root.Content); i += 2 {
		if d.root.Content[i].Value == key {
			d.prices, d.seq = d.root.Content[i], d.root.Content[i+1]
		}
	}
	at := len(d.lines) - 1
	switch {
	case d.prices != nil:
		d.dash = d.prices.Column - 1
	case len(d.root.Content) > 0:
		d.dash = d.root.Content[0].Column - 1 // the root's keys' column
	}
	switch {
	case d.prices == nil:
		d.insert[at] = append(d.insert[at], strings.Repeat(" ", d.dash)+key+":")
	case d.seq.Kind == yaml.ScalarNode && d.seq.Tag == "!!null":
		at = d.prices.Line - 1
	case d.seq.Kind != yaml.SequenceNode:
		return nil, fmt.Errorf("%s:%d:%d: %s is not a list", file, d.seq.Line, d.seq.Column, key)
	case d.seq.Style&yaml.FlowStyle != 0 && len(d.seq.Content) > 0:
		return nil, fmt.Errorf("%s:%d:%d: %s is a flow list [...]: write it as a block list to add to it", file, d.seq.Line, d.seq.Column, key)
	case d.seq.Style&yaml.FlowStyle != 0:
		at = d.prices.Line - 1
		d.replace[at] = strings.Repeat(" ", d.prices.Column-1) + key + ":"
	default:
		first := d.seq.Content[0]
		d.dash = max(first.Column-3, 0)
		last := d.seq.Content[len(d.seq.Content)-1]
		next := d.nextAfterSeq()
		at = d.backUp(next-1, last.Line-1, last)
	}
	pad := strings.Repeat(" ", d.dash)
	for _, it := range items {
		for _, l := range it {
			d.insert[at] = append(d.insert[at], pad+l)
		}
	}
	out := d.bytes()
	// Lines are added in place: a layout the edit cannot follow is
	// refused, never written. The file must read back as it was, with
	// the items at the end of the list.
	var before, after map[string]any
	if err := yaml.Unmarshal(out, &after); err != nil {
		return nil, fmt.Errorf("%s: the file with the new instance types would not be valid YAML (%v): add them by hand", file, err)
	}
	_ = yaml.Unmarshal(src, &before) // it parsed above
	was, _ := before[key].([]any)
	now, _ := after[key].([]any)
	same := len(now) == len(was)+len(items) && len(after) == len(before)+btoi(before[key] == nil && d.prices == nil)
	for i := 0; same && i < len(was); i++ {
		same = reflect.DeepEqual(now[i], was[i])
	}
	for k, v := range before {
		same = same && (k == key || reflect.DeepEqual(after[k], v))
	}
	if !same {
		return nil, fmt.Errorf("%s: cannot add to %s in place (its layout): add the new instance types by hand", file, key)
	}
	return out, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
