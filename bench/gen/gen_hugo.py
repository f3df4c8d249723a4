#!/usr/bin/python3
"""Turns a folio bundle's articles into a minimal Hugo site, for the build-speed comparison in build.sh.

usage: gen_hugo.py BUNDLE OUT_SITE

OUT_SITE gets config.toml, content/writing/<slug>.md (front matter: title, date, description, tags; then
the article's own Markdown body) and layouts/_default/{single,list}.html and layouts/index.html: enough
that Hugo renders a page per article, the writing list, a page per tag and the front page, like folio.
"""
import json
import os
import shutil
import sys

CONFIG = """baseURL = "https://synthetic.example/"
languageCode = "en"
title = "Synthetic Example"
disableKinds = ["category"]
enableRobotsTXT = true

[taxonomies]
tag = "tags"

[markup.goldmark.renderer]
unsafe = false

# folio sets code blocks in plain monospace; so does this site (Chroma highlighting would double Hugo's time).
[markup.highlight]
codeFences = false
"""

SINGLE = """<!doctype html>
<html lang="{{ .Site.LanguageCode }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title><meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}"></head>
<body><main>
<p><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></p>
<article><h1>{{ .Title }}</h1>
<p>{{ .Date.Format "2 January 2006" }} · {{ .ReadingTime }} min read</p>
{{ with .Params.tags }}<ul class="tags">{{ range . }}<li><a href="{{ printf "/tags/%s/" (. | urlize) | relURL }}">{{ . }}</a></li>{{ end }}</ul>{{ end }}
{{ .Content }}
</article>
<nav>{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>
</main></body></html>
"""

LIST = """<!doctype html>
<html lang="{{ .Site.LanguageCode }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title></head>
<body><main>
<p><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></p>
<h1>{{ .Title }}</h1>
<ol>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <span>{{ .Date.Format "2006-01-02" }}</span></li>{{ end }}</ol>
</main></body></html>
"""

INDEX = """<!doctype html>
<html lang="{{ .Site.LanguageCode }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Site.Title }}</title></head>
<body><main>
<h1>{{ .Site.Title }}</h1>
<p><a href="{{ "/writing/" | relURL }}">writing</a> · <a href="{{ "/tags/" | relURL }}">tags</a></p>
<ol>{{ range first 60 (where .Site.RegularPages "Section" "writing") }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Description }}</li>{{ end }}</ol>
</main></body></html>
"""


def toml_string(s):
    return json.dumps(s, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen_hugo.py BUNDLE OUT_SITE")
    bundle, out = sys.argv[1], sys.argv[2]
    with open(os.path.join(bundle, "content.json"), encoding="utf-8") as f:
        content = json.load(f)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "content", "writing"))
    os.makedirs(os.path.join(out, "layouts", "_default"))
    with open(os.path.join(out, "config.toml"), "w", encoding="utf-8") as f:
        f.write(CONFIG)
    for name, text in (("_default/single.html", SINGLE), ("_default/list.html", LIST), ("index.html", INDEX)):
        with open(os.path.join(out, "layouts", name), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(out, "content", "writing", "_index.md"), "w", encoding="utf-8") as f:
        f.write('+++\ntitle = "writing"\n+++\n')
    for a in content["writing"]:
        if "body_file" in a:
            with open(os.path.join(bundle, a["body_file"]), encoding="utf-8") as f:
                body = f.read()
        else:
            body = a.get("body", a["opening"])
        front = ["+++", "title = " + toml_string(a["title"]), "date = " + a["date"],
                 "description = " + toml_string(a["dek"]),
                 "tags = [" + ", ".join(toml_string(t) for t in a.get("tags", [])) + "]", "+++", ""]
        with open(os.path.join(out, "content", "writing", a["slug"] + ".md"), "w", encoding="utf-8") as f:
            f.write("\n".join(front) + body)


if __name__ == "__main__":
    main()
