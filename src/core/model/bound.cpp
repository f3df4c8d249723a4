// folio core: the book's long lists, bounded. See bound.h.
#include "core/model/bound.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/model/derive.h"
#include "core/text/fold.h"

namespace folio {

const char* const kFoldKinds[3] = {"writing", "shelf", "timeline"};

namespace {

void fold_writing(Site& site) {
    const int n = static_cast<int>(site.writing.size());
    for (int i = kWritingShown; i < n; ++i) {
        Article& a = site.writing[i];
        // Newest first, so a year's fold is made when its first folded article is met.
        if (site.folds.empty() || site.folds.back().kind != FoldKind::Writing ||
            site.folds.back().year != a.date.year) {
            Fold f;
            f.kind = FoldKind::Writing;
            f.year = a.date.year;
            f.partial_year = i > 0 && site.writing[i - 1].date.year == a.date.year;
            site.folds.push_back(f);
        }
        a.fold = static_cast<int>(site.folds.size()) - 1;
        ++site.folds.back().count;
    }
}

// Whole years, newest first, while the timeline holds at most kTimelineShown entries (the newest year
// always); the older years fold together.
void fold_timeline(Site& site) {
    int shown = 0, fold = -1;
    for (size_t i = 0; i < site.timeline.size(); ++i) {
        TimelineYear& y = site.timeline[i];
        const int size = static_cast<int>(y.entries.size());
        if (fold < 0 && (i == 0 || shown + size <= kTimelineShown)) {
            shown += size;
            continue;
        }
        if (fold < 0) {
            Fold f;
            f.kind = FoldKind::Timeline;
            f.year = y.year;
            site.folds.push_back(f);
            fold = static_cast<int>(site.folds.size()) - 1;
        }
        y.fold = fold;
        site.folds[fold].first_year = y.year;
        site.folds[fold].count += size;
    }
}

// A shelf is bounded as a whole (a few pages at most): a long one shows the first items of each group.
void fold_shelves(Site& site) {
    for (size_t s = 0; s < site.loves.shelves.size(); ++s) {
        int items = 0;
        for (const ShelfGroup& g : site.loves.shelves[s].groups)
            items += static_cast<int>(g.items.size());
        if (items <= kShelfShown) continue;
        for (size_t g = 0; g < site.loves.shelves[s].groups.size(); ++g) {
            ShelfGroup& group = site.loves.shelves[s].groups[g];
            const int size = static_cast<int>(group.items.size());
            if (size <= kShelfGroupShown) continue;
            Fold f;
            f.kind = FoldKind::Shelf;
            f.shelf = static_cast<int>(s);
            f.group = static_cast<int>(g);
            f.count = size - kShelfGroupShown;
            group.fold = static_cast<int>(site.folds.size());
            site.folds.push_back(f);
        }
    }
}

bool holds(const std::string& text, const std::string& folded_query) {
    return fold_text(text).find(folded_query) != std::string::npos;
}

bool article_matches(const Article& a, const std::string& q, bool with_dek) {
    return holds(a.title, q) || (with_dek && holds(a.dek, q));
}

} // namespace

void assign_folds(Site& site) {
    site.folds.clear();
    for (Article& a : site.writing)
        a.fold = -1;
    for (TimelineYear& y : site.timeline)
        y.fold = -1;
    for (Shelf& s : site.loves.shelves)
        for (ShelfGroup& g : s.groups)
            g.fold = -1;
    fold_writing(site);
    fold_timeline(site);
    fold_shelves(site);
}

void link_articles(Site& site) {
    const int n = static_cast<int>(site.writing.size());
    std::map<int, int> by_number;
    std::map<std::string, int> by_slug;
    for (int i = 0; i < n; ++i) {
        by_number[site.writing[i].number] = i;
        by_slug[site.writing[i].slug] = i;
    }
    site.tags.clear();
    for (int i = 0; i < n; ++i) {
        Article& a = site.writing[i];
        auto newer = by_number.find(a.number + 1), older = by_number.find(a.number - 1);
        a.next = newer == by_number.end() ? -1 : newer->second;
        a.prev = older == by_number.end() ? -1 : older->second;
        for (const std::string& t : a.tags)
            site.tags[t].push_back(i);
    }
    // Newest first, whatever order the articles arrived in.
    for (auto& [tag, list] : site.tags)
        std::stable_sort(list.begin(), list.end(),
                         [&](int x, int y) { return site.writing[x].number > site.writing[y].number; });
    for (TimelineYear& y : site.timeline)
        for (TimelineEntry& e : y.entries)
            if (e.kind == EntryKind::Article) {
                auto it = by_slug.find(e.ref);
                e.index = it == by_slug.end() ? -1 : it->second;
            }
}

bool add_fold_entries(Site& site, int fold, FoldEntries got) {
    if (fold < 0 || fold >= static_cast<int>(site.folds.size())) return false;
    Fold& f = site.folds[fold];
    bool ok = true;
    for (const Article& a : got.writing) // the folds the model follows without checking
        ok = ok && a.fold < static_cast<int>(site.folds.size()) &&
             (a.fold < 0 || site.folds[a.fold].kind == FoldKind::Writing);
    if (!ok) {
        f.failed = true;
        return false;
    }
    // Commit: the articles not in the model yet, the shelf group's items, the years under the fold.
    const size_t before_articles = site.writing.size();
    std::set<std::string> have;
    for (const Article& a : site.writing)
        have.insert(a.slug);
    for (Article& a : got.writing)
        if (have.insert(a.slug).second) site.writing.push_back(std::move(a));
    if (f.kind == FoldKind::Shelf)
        for (ShelfItem& it : got.items)
            site.loves.shelves[f.shelf].groups[f.group].items.push_back(std::move(it));
    if (f.kind == FoldKind::Timeline)
        for (TimelineYear& y : got.timeline) {
            y.fold = fold;
            site.timeline.push_back(std::move(y));
        }
    for (size_t i = before_articles; i < site.writing.size(); ++i) {
        Article& a = site.writing[i];
        set_body_tree(a, std::move(a.body));
        for (const std::string& src_path : collect_local_images(a.body))
            if (std::find(site.local_images.begin(), site.local_images.end(), src_path) == site.local_images.end())
                site.local_images.push_back(src_path);
    }
    if (f.kind == FoldKind::Shelf)
        for (ShelfItem& it : site.loves.shelves[f.shelf].groups[f.group].items) {
            it.by_line.clear();
            for (size_t k = 0; k < it.by.size(); ++k)
                it.by_line += (k ? ", " : "") + it.by[k];
        }
    for (TimelineYear& y : site.timeline)
        if (y.fold == fold)
            for (TimelineEntry& e : y.entries) {
                if (e.kind == EntryKind::Project) e.index = site.find_project(e.ref);
                if (e.kind == EntryKind::Pulls) derive_pulls(site, e);
            }
    f.loaded = true;
    f.failed = false;
    f.requested = false;
    link_articles(site);
    return true;
}

std::vector<int> folds_matching(const Site& site, const std::string& q) {
    std::vector<int> out;
    if (q.empty()) return out;
    // The writing chapter lists titles: each article is read once, whatever the number of folds.
    std::vector<bool> writing_hit(site.folds.size(), false);
    for (const Article& a : site.writing)
        if (a.fold >= 0 && a.fold < static_cast<int>(site.folds.size()) && !writing_hit[a.fold] &&
            article_matches(a, q, false))
            writing_hit[a.fold] = true;
    for (size_t i = 0; i < site.folds.size(); ++i) {
        const Fold& f = site.folds[i];
        if (!f.loaded) continue;
        const int fold = static_cast<int>(i);
        bool hit = false;
        if (f.kind == FoldKind::Writing) {
            hit = writing_hit[i];
        } else if (f.kind == FoldKind::Shelf) {
            const ShelfGroup& g = site.loves.shelves[f.shelf].groups[f.group];
            for (size_t k = kShelfGroupShown; k < g.items.size() && !hit; ++k)
                hit = holds(g.items[k].title, q) || holds(g.items[k].by_line, q) || holds(g.items[k].note, q);
        } else {
            for (const TimelineYear& y : site.timeline) {
                if (y.fold != fold) continue;
                for (const TimelineEntry& e : y.entries) {
                    if (e.kind == EntryKind::Article && e.index >= 0)
                        hit = hit || article_matches(site.writing[e.index], q, true);
                    if (e.kind == EntryKind::Project && e.index >= 0)
                        hit = hit || holds(site.projects[e.index].name, q) || holds(site.projects[e.index].summary, q);
                    if (e.kind == EntryKind::Pulls)
                        for (const PullRequest& p : e.pulls)
                            hit = hit || holds(p.title, q);
                }
            }
        }
        if (hit) out.push_back(fold);
    }
    return out;
}

bool has_unloaded_folds(const Site& site) {
    for (const Fold& f : site.folds)
        if (!f.loaded) return true;
    return false;
}

} // namespace folio
