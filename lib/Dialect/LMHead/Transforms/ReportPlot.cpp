//===- ReportPlot.cpp - the roofline plot of --lmhead-report --------------===//
//
// One SVG picture: log-log axes of arithmetic intensity (flop/byte) against
// attainable rate (flop/s); for each GPU of the table its roof
// min(peak flop/s, intensity × HBM bandwidth) as a line; each op as a hollow
// circle on each roof (the best it could do there) and, where it has a
// plan, a filled dot at the rate the cost model predicts for its kernels on
// the plan's GPU, so that the gap to the roof is what the kernels leave.
//
//===----------------------------------------------------------------------===//

#include "ReportFigures.h"

#include "mlir/Support/LLVM.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

constexpr double kWidth = 800, kHeight = 500;
constexpr double kLeft = 80, kRight = 215, kTop = 40, kBottom = 60;
/// The axes' decades: intensity 10^0 .. 10^5 flop/B, rate 10^11 .. 10^16
/// flop/s.
constexpr double kMinX = 0, kMaxX = 5, kMinY = 11, kMaxY = 16;
constexpr const char *kChipColors[] = {"#1b9e77", "#d95f02", "#7570b3"};

double plotX(double intensity) {
  double decade = std::clamp(std::log10(intensity), kMinX, kMaxX);
  return kLeft + (decade - kMinX) / (kMaxX - kMinX) * (kWidth - kLeft - kRight);
}

double plotY(double rate) {
  double decade = std::clamp(std::log10(rate), kMinY, kMaxY);
  return kHeight - kBottom -
         (decade - kMinY) / (kMaxY - kMinY) * (kHeight - kTop - kBottom);
}

std::string escaped(StringRef text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '&':
      out += "&amp;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

void writeAxes(raw_ostream &os) {
  double x0 = plotX(std::pow(10, kMinX)), x1 = plotX(std::pow(10, kMaxX));
  double y0 = plotY(std::pow(10, kMinY)), y1 = plotY(std::pow(10, kMaxY));
  os << llvm::formatv("<rect x='{0}' y='{1}' width='{2}' height='{3}' "
                      "fill='none' stroke='#444'/>\n",
                      x0, y1, x1 - x0, y0 - y1);
  for (int d = int(kMinX); d <= int(kMaxX); ++d) {
    double x = plotX(std::pow(10, d));
    os << llvm::formatv("<line x1='{0}' y1='{1}' x2='{0}' y2='{2}' "
                        "stroke='#ddd'/>\n<text x='{0}' y='{3}' "
                        "text-anchor='middle'>1e{4}</text>\n",
                        x, y1, y0, y0 + 18, d);
  }
  for (int d = int(kMinY); d <= int(kMaxY); ++d) {
    double y = plotY(std::pow(10, d));
    os << llvm::formatv("<line x1='{0}' y1='{1}' x2='{2}' y2='{1}' "
                        "stroke='#ddd'/>\n<text x='{3}' y='{4}' "
                        "text-anchor='end'>1e{5}</text>\n",
                        x0, y, x1, x0 - 6, y + 4, d);
  }
  os << llvm::formatv("<text x='{0}' y='{1}' text-anchor='middle'>"
                      "arithmetic intensity (flop / byte)</text>\n",
                      (x0 + x1) / 2, kHeight - 15);
  os << llvm::formatv("<text x='20' y='{0}' text-anchor='middle' "
                      "transform='rotate(-90 20 {0})'>flop / s</text>\n",
                      (y0 + y1) / 2);
}

} // namespace

void mlir::lmhead::writeRooflinePlot(ArrayRef<OpFigures> ops, raw_ostream &os) {
  os << llvm::formatv("<svg xmlns='http://www.w3.org/2000/svg' width='{0}' "
                      "height='{1}' font-family='sans-serif' "
                      "font-size='12'>\n",
                      kWidth, kHeight);
  os << "<title>lmhead roofline</title>\n";
  os << llvm::formatv("<text x='{0}' y='24' font-size='15'>Roofline of the "
                      "lmhead ops (data-sheet peaks)</text>\n",
                      kLeft);
  writeAxes(os);

  ArrayRef<GpuChip> chips = knownGpuChips();
  double legendX = kWidth - kRight + 15;
  for (auto [index, chip] : llvm::enumerate(chips)) {
    const char *color = kChipColors[index % 3];
    // The roof: the memory slope up to the ridge point, then flat.
    double ridge = chip.datasheetFlops / chip.hbmBytesPerSecond;
    double xs[] = {std::pow(10, kMinX), ridge, std::pow(10, kMaxX)};
    os << "<polyline fill='none' stroke-width='2' stroke='" << color
       << "' points='";
    for (double x : xs)
      os << llvm::formatv(
          "{0:f1},{1:f1} ", plotX(x),
          plotY(std::min(chip.datasheetFlops, x * chip.hbmBytesPerSecond)));
    os << "'/>\n";
    double legendY = kTop + 20 + 18 * double(index);
    os << llvm::formatv("<line x1='{0}' y1='{1}' x2='{2}' y2='{1}' "
                        "stroke='{3}' stroke-width='2'/>\n<text x='{4}' "
                        "y='{5}'>{6}</text>\n",
                        legendX, legendY, legendX + 20, color, legendX + 26,
                        legendY + 4, chip.name);
  }
  double noteY = kTop + 20 + 18 * double(chips.size()) + 10;
  os << llvm::formatv("<circle cx='{0}' cy='{1}' r='5' fill='none' "
                      "stroke='#333'/>\n<text x='{2}' y='{3}'>bound</text>\n"
                      "<circle cx='{0}' cy='{4}' r='4' fill='#333'/>\n"
                      "<text x='{2}' y='{5}'>planned</text>\n",
                      legendX + 10, noteY, legendX + 26, noteY + 4, noteY + 18,
                      noteY + 22);

  for (auto [index, f] : llvm::enumerate(ops)) {
    double x = plotX(f.intensity());
    std::string label = llvm::formatv("#{0} {1}", index + 1, f.op).str();
    for (auto [chipIndex, entry] : llvm::enumerate(f.roofline)) {
      const auto &[chipName, bound] = entry;
      double rate = bound.micros > 0 ? f.flops / (bound.micros * 1e-6) : 0;
      os << llvm::formatv(
          "<circle cx='{0:f1}' cy='{1:f1}' r='5' fill='none' stroke='{2}'>"
          "<title>{3} on {4}: {5:f1} us, {6} bound</title></circle>\n",
          x, plotY(rate), kChipColors[chipIndex % 3], escaped(label), chipName,
          bound.micros, bound.computeBound ? "compute" : "memory");
    }
    if (f.predictedMicros && *f.predictedMicros > 0) {
      // The plan's GPU: the one --lmhead-plan plans the target for.
      llvm::StringRef chipName = planningChip(*f.planTarget).name;
      size_t chipIndex = 0;
      for (auto [i, chip] : llvm::enumerate(chips))
        if (chip.name == chipName)
          chipIndex = i;
      double rate = f.flops / (*f.predictedMicros * 1e-6);
      os << llvm::formatv(
          "<circle cx='{0:f1}' cy='{1:f1}' r='4' fill='{2}'><title>{3} "
          "planned for {4}: {5:f1} us</title></circle>\n",
          x, plotY(rate), kChipColors[chipIndex % 3], escaped(label), chipName,
          *f.predictedMicros);
    }
    // The label above the op's highest circle, staggered so that ops of
    // the same intensity stay readable.
    double highest = 0;
    for (const auto &[chipName, bound] : f.roofline)
      if (bound.micros > 0)
        highest = std::max(highest, f.flops / (bound.micros * 1e-6));
    os << llvm::formatv("<text x='{0:f1}' y='{1:f1}' font-size='11'>#{2}"
                        "</text>\n",
                        x - 4 + 14 * double(index % 3),
                        plotY(highest) - 8 - 12 * double(index % 3), index + 1);
    // The key: each number with its op and shape, right of the plot.
    os << llvm::formatv("<text x='{0}' y='{1:f1}' font-size='11'>{2} {3}x{4}"
                        "x{5}</text>\n",
                        legendX, noteY + 50 + 15 * double(index),
                        escaped(label), f.tokens, f.hidden, f.vocab);
  }
  os << "</svg>\n";
}
