#!/usr/bin/python3
"""Cut Noto Sans CJK SC down to the characters the Chinese edition's social
cards can need, for generator/site/cards. Run from the repository's root
(Debian: apt-get install fonts-noto-cjk python3-fonttools python3-yaml):

    /usr/bin/python3 generator/site/cards/fonts/subset.py

The characters: printable ASCII and the punctuation below; the messages a
card shows (card, trust.age, trust.undated, region.all, home.title, home.tab.on_demand, mainland.tab, mainland.not_current,
site.name, currency_unit of templates/messages/zh-CN.yaml); and every Chinese name in the
catalog (the name of a record, of its i18n zh-CN, and the site's title).
"""
import glob, subprocess, yaml

TTC = "/usr/share/fonts/opentype/noto/NotoSansCJK-%s.ttc"
SC = 2  # the face of Noto Sans CJK SC in the collection
OUT = "generator/site/cards/fonts/NotoSansCJKsc-%s-cards.otf"
PUNCT = "·…—–，。：；（）、“”‘’《》！？％¥￥€£×≈≥≤"

text = {chr(c) for c in range(0x20, 0x7F)} | set(PUNCT)

def add(s):
    if isinstance(s, str):
        text.update(s)

msgs = yaml.safe_load(open("templates/messages/zh-CN.yaml", encoding="utf-8"))
def walk(v):
    if isinstance(v, dict):
        for x in v.values():
            walk(x)
    else:
        add(v)
walk(msgs["card"])
walk(msgs["trust"]["age"])
add(msgs["trust"]["undated"])
add(msgs["region"]["all"])
add(msgs["home"]["title"])
add(msgs["home"]["tab"]["on_demand"])
add(msgs["mainland"]["tab"])
add(msgs["mainland"]["not_current"])
add(msgs["site"]["name"])
walk(msgs["currency_unit"])
for doc in yaml.safe_load_all(open("data/site.yaml", encoding="utf-8")):
    add(doc.get("title"))

def names(v):
    if isinstance(v, dict):
        for k, x in v.items():
            if k == "name":
                add(x)
            names(x)
    elif isinstance(v, list):
        for x in v:
            names(x)

for f in sorted(glob.glob("data/**/*.yaml", recursive=True)):
    for doc in yaml.safe_load_all(open(f, encoding="utf-8")):
        names(doc)

chars = "".join(sorted(text))
for weight in ("Regular", "Bold"):
    subprocess.run(["/usr/bin/python3", "-m", "fontTools.subset", TTC % weight,
                    "--font-number=%d" % SC, "--text=" + chars,
                    "--output-file=" + OUT % weight], check=True)
print(len(chars), "characters")
