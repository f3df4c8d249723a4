// folio core: how a laid-out book is shown. See view.h.
#include "core/book/view.h"

#include <algorithm>

namespace folio {

float body_px_for_width(float view_width) {
    // 18 px on a 1280 px laptop, one px more for every 320 px wider, one less for every 320 narrower.
    return std::clamp(18.0f + (view_width - 1280.0f) / 320.0f, kMinBodyPx, kMaxBodyPx);
}

PagePlan plan_pages(float view_width, float view_height, float body_box_per_em) {
    PagePlan plan;
    if (view_width <= 0 || view_height <= 0 || body_box_per_em <= 0) return plan;
    const PageSpec ref;
    // The scale at which body text reads at px CSS pixels.
    auto scale_for = [&](float px) { return px * body_box_per_em / ref.body_size; };
    const float target = scale_for(body_px_for_width(view_width));
    // Spreads: two whole pages side by side and top to bottom, so a spread is read without scrolling back.
    const float fit_two = (view_width - 2 * kSpreadSide - kScrollbarWidth) / (2 * ref.width);
    const float fit_tall = (view_height - 2 * kTopPad) / ref.height;
    plan.spread_scale = std::min({target, fit_two, fit_tall});
    plan.spreads = plan.spread_scale >= scale_for(kSpreadMinBodyPx);
    // One reference page, centred, when it fits at the minimum size.
    const float fit_one = (view_width - 2 * kPageSide - kScrollbarWidth) / ref.width;
    if (fit_one >= scale_for(kMinBodyPx)) {
        plan.single_scale = std::min(target, fit_one);
        return plan;
    }
    // Otherwise the pocket page: the widest of the few pocket widths that fits at the target size (the
    // build sets the first page of every route in each of them; docs/layout.md), scaled to fill the width
    // up to the largest body size (a small tablet's page then stands centred).
    const float avail = view_width - 2 * kPocketSide;
    float units = kPocketWidths[0];
    for (float w : kPocketWidths)
        if (w <= avail / target) units = w;
    plan.spec = PageSpec::pocket(units);
    plan.single_scale = std::min(avail / units, scale_for(kMaxBodyPx));
    plan.pocket = true;
    return plan;
}

int spread_column(const Book& book, int page) { return book.rtl ? 1 - page % 2 : page % 2; }

std::string block_tag(const Book& book, int block) {
    if (block < 0 || block >= static_cast<int>(book.blocks.size())) return "p";
    const Book::Block& b = book.blocks[block];
    switch (b.kind) {
    case BlockKind::Paragraph: return "p";
    case BlockKind::Heading: return "h" + std::to_string(b.level < 1 ? 2 : b.level > 6 ? 6 : b.level);
    case BlockKind::Code: return "pre";
    case BlockKind::TableCell:
        return std::string(b.header ? "th:" : "td:") + std::to_string(b.table) + ":" + std::to_string(b.row) + ":" +
               std::to_string(b.col);
    case BlockKind::Image: return "figure";
    }
    return "p";
}

} // namespace folio
