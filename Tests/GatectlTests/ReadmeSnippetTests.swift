import Foundation
import Testing
import TestSlots

/// The README's Swift is the code that runs: each block marked `<!-- file: PATH -->` is that
/// whole file, and each marked `<!-- excerpt: PATH -->` is a run of its lines (indentation
/// aside), so a snippet cannot drift from the code the tests build and run.
@Suite("The README's code is the code that is built and tested", .boundedConcurrency)
struct ReadmeSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var readme: String {
        get throws { try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8) }
    }

    /// The fenced block right after the line `marker`, without its fences.
    static func block(after marker: String) throws -> String? {
        blocks(try readme, after: marker).first?.block
    }

    /// Every fenced block that follows a line starting with `marker`, with the rest of that line.
    static func blocks(_ text: String, after marker: String) -> [(argument: String, block: String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [(String, String)] = []
        for (index, line) in lines.enumerated() where line.hasPrefix(marker) {
            guard index + 1 < lines.count, lines[index + 1].hasPrefix("```"),
                  let end = lines[(index + 2)...].firstIndex(where: { $0.hasPrefix("```") })
            else { continue }
            let argument = line.dropFirst(marker.count).replacingOccurrences(of: "-->", with: "").trimmingCharacters(in: .whitespaces)
            found.append((argument, lines[(index + 2)..<end].joined(separator: "\n")))
        }
        return found
    }

    @Test("the quick start block is Examples/QuickStart/main.swift, byte for byte")
    func wholeFiles() throws {
        let files = Self.blocks(try Self.readme, after: "<!-- file:")
        #expect(files.map(\.argument).contains("Examples/QuickStart/main.swift"))
        for (path, block) in files {
            let source = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(block + "\n" == source, "the README's \(path) differs from the file")
        }
    }

    @Test("every static release build the README shows names one product, as the deployment check builds them")
    func staticBuilds() throws {
        // Without --product SwiftPM links GRDB's dynamic library too, which it cannot link
        // against the static runtime (swift-package-manager#8198): the build fails.
        let builds = try Self.readme.split(separator: "\n").filter { $0.contains("swift build") && $0.contains("--static-swift-stdlib") }
        #expect(builds.count >= 3, "the README's release builds were not found")
        for line in builds {
            let command = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            #expect(command.components(separatedBy: "--product ").count == 2, "not one --product: \(line)")
        }
    }

    @Test("every excerpt is a run of lines of its test file")
    func excerpts() throws {
        let excerpts = Self.blocks(try Self.readme, after: "<!-- excerpt:")
        #expect(!excerpts.isEmpty)
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        for (path, block) in excerpts {
            let source = lines(try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8))
            let excerpt = lines(block)
            var found = false
            for start in source.indices where start + excerpt.count <= source.count {
                let run: [String] = Array(source[start..<(start + excerpt.count)])
                if run == excerpt { found = true }
            }
            #expect(found, "the README's excerpt of \(path) is not in it:\n\(block)")
        }
    }
}
