import Foundation

/// An SVG chart of a report: parallel speedup against threads (with the ideal line), and
/// nanoseconds per item against input size (log scale), so n log n growth shows as a rising line.
enum ScalingChart {
    static func svg(_ report: Report) -> String {
        let width = 760.0, height = 320.0, panel = 340.0, margin = 48.0
        var body: [String] = []
        func axes(_ x: Double, _ title: String, _ xLabel: String, _ yLabel: String) {
            body.append("<text x=\"\(x + panel / 2)\" y=\"20\" text-anchor=\"middle\" font-weight=\"bold\">\(title)</text>")
            body.append(
                "<line x1=\"\(x + margin)\" y1=\"\(height - margin)\" x2=\"\(x + panel)\" y2=\"\(height - margin)\" stroke=\"black\"/>")
            body.append("<line x1=\"\(x + margin)\" y1=\"36\" x2=\"\(x + margin)\" y2=\"\(height - margin)\" stroke=\"black\"/>")
            body.append("<text x=\"\(x + (margin + panel) / 2)\" y=\"\(height - 12)\" text-anchor=\"middle\">\(xLabel)</text>")
            body.append(
                "<text x=\"\(x + 12)\" y=\"\(height / 2)\" text-anchor=\"middle\" transform=\"rotate(-90 \(x + 12) \(height / 2))\">\(yLabel)</text>"
            )
        }
        func polyline(_ points: [(Double, Double)], _ color: String, dashed: Bool = false) {
            let coordinates = points.map { String(format: "%.1f,%.1f", $0.0, $0.1) }.joined(separator: " ")
            body.append(
                "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dashed ? " stroke-dasharray=\"5,4\"" : "") points=\"\(coordinates)\"/>"
            )
            for point in points {
                body.append(String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%@\"/>", point.0, point.1, color))
            }
        }
        let plotTop = 40.0, plotBottom = height - margin

        // Left: speedup against threads.
        axes(0, "Parallel speedup", "threads", "speedup over 1 thread")
        if let single = report.threadScaling.first(where: { $0.threads == 1 }) {
            let rows = report.threadScaling
            let maxThreads = Double(rows.map(\.threads).max() ?? 1)
            let maxSpeedup = max(maxThreads, rows.map { single.median / $0.median }.max() ?? 1)
            func x(_ threads: Double) -> Double { margin + (threads - 1) / max(maxThreads - 1, 1) * (panel - margin - 10) }
            func y(_ speedup: Double) -> Double { plotBottom - (speedup - 0) / maxSpeedup * (plotBottom - plotTop) }
            polyline([(x(1), y(1)), (x(maxThreads), y(maxThreads))], "#999", dashed: true)
            polyline(rows.map { (x(Double($0.threads)), y(single.median / $0.median)) }, "#1f77b4")
            for row in rows {
                body.append(
                    "<text x=\"\(x(Double(row.threads)))\" y=\"\(plotBottom + 14)\" text-anchor=\"middle\" font-size=\"11\">\(row.threads)</text>"
                )
                body.append(
                    String(
                        format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">%.2fx</text>",
                        x(Double(row.threads)) + 5, y(single.median / row.median) - 6, single.median / row.median))
            }
        }

        // Right: cost per item against size.
        let offset = width - panel - 20
        axes(offset, "Cost per item", "items (log scale)", "ns per item")
        let rows = report.sizeScaling
        if rows.count >= 1 {
            let logs = rows.map { log10(Double($0.items)) }
            let minLog = logs.min()!, maxLog = logs.max()!
            let maxCost = (rows.map(\.nanosecondsPerItem).max() ?? 1) * 1.15
            func x(_ logSize: Double) -> Double { offset + margin + (logSize - minLog) / max(maxLog - minLog, 1) * (panel - margin - 20) }
            func y(_ cost: Double) -> Double { plotBottom - cost / maxCost * (plotBottom - plotTop) }
            polyline(rows.map { (x(log10(Double($0.items))), y($0.nanosecondsPerItem)) }, "#d62728")
            for row in rows {
                let logSize = log10(Double(row.items))
                body.append(
                    String(
                        format: "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"11\">1e%.0f</text>", x(logSize),
                        plotBottom + 14, logSize))
                body.append(
                    String(
                        format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">%.0f</text>", x(logSize) + 5, y(row.nanosecondsPerItem) - 6,
                        row.nanosecondsPerItem))
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="13">
            <rect width="100%" height="100%" fill="white"/>
            \(body.joined(separator: "\n"))
            <text x="\(width / 2)" y="\(height - 1)" text-anchor="middle" font-size="10">sectionsort-bench \(report.mode), \(report.locale), \(report.machine.cores) cores, commit \(report.machine.commit)</text>
            </svg>
            """
    }
}
