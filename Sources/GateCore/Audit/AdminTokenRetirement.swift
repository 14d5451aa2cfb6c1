import Foundation

/// Which stored admin tokens stop opening the admin API when a token is set.
public enum AdminTokenRetirement: Sendable {
    /// None: the token is added beside the others (`--init-admin-token`).
    case none
    /// Those that came from a token file (labelled `file …`): a token file's token replaces
    /// the earlier file's.
    case fileTokens
    /// Every one but the token being set (`--revoke-admin-tokens`).
    case all

    /// The label of a token read from the file at `path`; what ``fileTokens`` retires.
    public static func fileLabel(_ path: String) -> String { fileLabelPrefix + path }

    /// How the labels of tokens from token files begin.
    public static let fileLabelPrefix = "file "
}
