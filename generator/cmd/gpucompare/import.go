package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/mlperf"
)

const importUsage = `usage: gpucompare import mlperf FILE.csv|RESULTS_DIR [-o OUT.yaml] [-source TEXT] [-round vX.Y] [-root DIR] [-benchmarks LIST]
       gpucompare import prices -format skypilot|aws-pricelist|azure-retail -provider ID -as-of YYYY-MM-DD [-root .] [-dry-run] [-retire] FILE...
`

// importCmd runs an importer: mlperf (benchmark results) or prices (public
// price lists, see importPricesCmd).
func importCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "prices" {
		return importPricesCmd(args[1:], stdout, stderr)
	}
	return importMLPerfCmd(args, stdout, stderr)
}

// importMLPerfCmd turns an MLCommons results summary.csv into catalog YAML:
// one benchmark file per task and scenario, on stdout or in a new file.
func importMLPerfCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "mlperf" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			fmt.Fprint(stdout, importUsage)
			return 0
		}
		fmt.Fprint(stderr, "gpucompare import: want mlperf (an MLCommons results summary.csv) or prices (a public price list)\n"+importUsage)
		return 2
	}
	fs := newFlags("import mlperf", stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), importUsage)
		fs.PrintDefaults()
	}
	out := fs.String("o", "", "new file to write the YAML to; it must not exist yet (default: stdout)")
	source := fs.String("source", "", `citation of the file in every result, such as "github.com/mlcommons/inference_results_v4.0 @3c4a1cf closed/GigaComputing/summary.csv" (default: FILE.csv as given)`)
	round := fs.String("round", "", "round version, such as v3.1, for rows that do not state it (default: from the source or file name when it names a results repository)")
	root := fs.String("root", "", "site root whose data/gpus/ accelerators are mapped to (default: the ids of the shipped catalog)")
	benchmarks := fs.String("benchmarks", "", "for a results folder: the benchmarks to read, by folder name, comma-separated, such as llama2_70b_lora,gpt3 (default: all)")
	maxFileSize := maxFileSizeFlag(fs)
	files, code, ok := parseInterleaved(fs, args[1:])
	if !ok {
		return code
	}
	if len(files) != 1 {
		fmt.Fprint(stderr, "gpucompare import mlperf: want one FILE.csv\n"+importUsage)
		return 2
	}
	file := files[0]
	if *out != "" && pathExists(*out) {
		fmt.Fprintf(stderr, "%s: already exists: import writes a new file and replaces nothing; choose another -o\n", *out)
		return 1
	}

	opts := mlperf.Options{Source: *source, Round: *round}
	for _, b := range strings.Split(*benchmarks, ",") {
		if b = strings.TrimSpace(b); b != "" {
			opts.Benchmarks = append(opts.Benchmarks, b)
		}
	}
	if *root != "" {
		// Only the GPUs are needed: the catalog's warnings are not this
		// command's business, its errors are.
		fsys, ok := openRoot(*root, maxFileSize, stderr)
		if !ok {
			return 1
		}
		cat, report := catalog.Load(fsys)
		fsys.Close()
		if errs := report.Errors(); len(errs) > 0 {
			fmt.Fprint(stderr, errs.String())
			fmt.Fprintf(stderr, "%s: the catalog has %d error(s): nothing imported\n", *root, len(errs))
			return 1
		}
		opts.GPUs = cat.GPUs
	}
	// Rows not imported are listed as they are read, and the results go
	// out benchmark by benchmark: nothing holds the whole file.
	opts.NotImported = func(s mlperf.Skip) { fmt.Fprintln(stderr, s) }
	var im *mlperf.Import
	var err error
	if st, serr := os.Stat(file); serr == nil && st.IsDir() {
		// A training results repository, or one submitter's folder of it.
		im, err = mlperf.ReadResults(os.DirFS(file), file, opts)
	} else {
		f, oerr := os.Open(file)
		if oerr != nil {
			fmt.Fprintf(stderr, "%s: cannot read: %v\n", file, errors.Unwrap(oerr))
			return 1
		}
		defer f.Close()
		im, err = mlperf.Read(f, file, opts)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer im.Close()
	imported := fmt.Sprintf("%s in %s", nounCount(im.Results(), "result"), nounCount(im.Benchmarks(), "benchmark"))
	skipped := ""
	if n := im.NotImported(); n > 0 {
		skipped = fmt.Sprintf("; %s not imported (listed above)", nounCount(n, "row"))
	}
	if im.Results() == 0 {
		fmt.Fprintf(stderr, "%s: nothing imported%s\n", file, skipped)
		return 1
	}
	if *out == "" {
		if err := im.WriteYAML(stdout); err != nil {
			fmt.Fprintf(stderr, "gpucompare import mlperf: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "imported %s%s\n", imported, skipped)
		return 0
	}
	if err := writeNewFile(*out, im.WriteYAML); err != nil {
		fmt.Fprintf(stderr, "%s: %v: nothing written\n", *out, err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s to %s%s\n", imported, *out, skipped)
	return 0
}

// parseInterleaved parses flags that may come before or after the
// positional arguments (FILE.csv -o OUT.yaml) and returns the positional
// ones; ok is false on bad usage.
func parseInterleaved(fs *flag.FlagSet, args []string) (pos []string, code int, ok bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, 0, false
			}
			return nil, 2, false
		}
		if fs.NArg() == 0 {
			return pos, 0, true
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func pathExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// writeNewFile writes a new file at path with write, through a temporary
// file in the same folder, renamed into place, so a reader never sees half
// of it; it refuses to replace an existing file.
func writeNewFile(path string, write func(io.Writer) error) error {
	if pathExists(path) {
		return errors.New("already exists")
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("folder %s does not exist", dir)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// nounCount says "1 result", "2 results".
func nounCount(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
