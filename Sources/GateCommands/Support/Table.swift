/// A plain text table for people: a header row and aligned columns.
struct Table {
    var headers: [String]
    var rows: [[String]] = []

    /// The table as lines, columns separated by two spaces.
    func render() -> String {
        let widths = headers.indices.map { column in
            ([headers] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }

    func print() {
        Output.line(render())
        if rows.isEmpty { Output.line("(none)") }
    }
}
