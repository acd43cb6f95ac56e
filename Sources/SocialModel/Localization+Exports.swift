import Foundation
@_exported import KitLocalization

extension MessageTable {
    /// SocialModel's messages and labels (`Localization/<language>.lproj/SocialModel.strings`).
    package static let socialModel = MessageTable(bundle: .module, table: "SocialModel")
}
