package mlperf

import (
	"fmt"
	"strings"
)

// zhCN is the language of the Chinese edition, the one language the
// importer writes a result's notes in besides the catalog's own.
const zhCN = "zh-CN"

// note is one sentence of a result's notes, in the catalog's language
// and in Chinese; zh is empty where the importer has no Chinese for it.
type note struct{ en, zh string }

// sentences joins the non-empty notes of a result: the English with
// spaces, the Chinese without (as Chinese writes sentences). zh is empty
// when any sentence has no Chinese: the result then carries its English
// notes only, and check counts them as untranslated.
func sentences(parts ...note) (en, zh string) {
	var out, outZh []string
	whole := true
	for _, p := range parts {
		e := strings.TrimSpace(p.en)
		if e == "" {
			continue
		}
		out = append(out, e)
		outZh = append(outZh, strings.TrimSpace(p.zh))
		whole = whole && strings.TrimSpace(p.zh) != ""
	}
	if !whole {
		return strings.Join(out, " "), ""
	}
	return strings.Join(out, " "), strings.Join(outZh, "")
}

// notesI18n is a result's i18n holding its Chinese notes, or nil when
// there are none.
func notesI18n(zh string) map[string]map[string]string {
	if zh == "" {
		return nil
	}
	return map[string]map[string]string{zhCN: {"notes": zh}}
}

// code sets a name as the source writes it (an accelerator, a host
// processor, a submitter's notes) in backquotes, which the Chinese
// edition shows as code in English; ok is false when the name holds a
// mark that would end the code (a backquote, an angle bracket, a line
// break).
func code(s string) (string, bool) {
	if strings.ContainsAny(s, "`<>\n\r") {
		return "", false
	}
	return "`" + s + "`", true
}

// quoted is a sentence naming s as the source writes it: the English
// prefix, and the Chinese one with s in backquotes (none when s cannot be
// set so).
func quoted(en, zh, s, end string) note {
	n := note{en: en + s + end}
	if c, ok := code(s); ok {
		n.zh = zh + c + "。"
	}
	return n
}

// accelNote names the accelerator as the source does.
func accelNote(accel string) note {
	return quoted("Accelerator as the source names it: ", "来源对该加速卡的称呼：", accel, ".")
}

// hostNote names the host processors, with their count when the source
// gives one.
func hostNote(n, p string) note {
	if n == "" || n == "0" {
		return quoted("Host: ", "主机处理器：", p, ".")
	}
	return quoted(fmt.Sprintf("Host: %sx ", n), fmt.Sprintf("主机处理器：%s颗", n), p, ".")
}

// submitterNotes quotes the notes column of a row, in the Chinese too as
// the submitter wrote it: the importer does not translate it.
func submitterNotes(n string) note {
	return quoted("Submitter's notes: ", "提交方备注：", strings.TrimRight(n, ". "), ".")
}

// availability words the status MLCommons gives a system (Available
// on-premise, Preview …); zh is empty for a status the importer does not
// know.
func availability(a string) note {
	zh := map[string]string{
		"available on-premise": "已上市（本地部署）",
		"onprem":               "已上市（本地部署）",
		"available cloud":      "已上市（云服务）",
		"cloud":                "已上市（云服务）",
		"preview":              "预览（尚未正式上市）",
		"rdi":                  "研究、开发或内部使用（未上市）",
		"research":             "研究、开发或内部使用（未上市）",
	}[strings.ToLower(strings.TrimSpace(a))]
	n := note{en: fmt.Sprintf("Availability: %s.", a)}
	if zh != "" {
		n.zh = "上市状态：" + zh + "。"
	}
	return n
}

// nodesNote is the shape of a system of several nodes.
func nodesNote(en string, nodes, per int) note {
	return note{en: en, zh: fmt.Sprintf("%d个节点，每节点%d块加速卡。", nodes, per)}
}

// scenarioZh is the Chinese name of an inference scenario, as the
// catalog's benchmarks give it.
var scenarioZh = map[string]string{"Offline": "离线", "Server": "服务器", "Interactive": "交互式"}

// unitZh is the Chinese name of a unit, as the edition writes it.
var unitZh = map[string]string{tokensPerSec: "词元/秒", samplesPerSec: "样本/秒", queriesPerSec: "查询/秒"}

// Notes the importer writes the same for every result that has them.
var (
	countUnknown = note{"summary.csv gives no accelerator count: listed, not costed.", "`summary.csv`未给出加速卡数量：仅列出，不计算成本。"}
	inferredNote = note{"Inferred from a run of another scenario (summary.csv: inferred).", "由另一场景的运行结果推算（`summary.csv`：`inferred`）。"}
	trainingTime = note{"Time to train, in minutes as MLPerf Training reports it.", "训练用时，以分钟计，与MLPerf Training的报告口径一致。"}
)

// scoredNote says how the runs of a training result were scored.
func scoredNote(runs int, scaling string) note {
	en := fmt.Sprintf("Scored from the logs of its %d runs as MLCommons' result summarizer does: the time from run_start to run_stop of each, the fastest and slowest dropped and the rest averaged", runs)
	zh := fmt.Sprintf("按MLCommons结果汇总程序的方法，由其%d次运行的日志计分：每次运行取`run_start`到`run_stop`的时长，去掉最快和最慢的各一次，其余取平均", runs)
	if scaling != "" {
		en += ", times the scaling factor " + scaling + " of scaling.json"
		zh += "，再乘以`scaling.json`中的缩放系数" + scaling
	}
	return note{en + ".", zh + "。"}
}
