/// Deterministic Chinese personal names: a surname (common ones more often, polyphonic and
/// two-character surnames included) and a given name of one or two common characters.
struct ChineseNameWorkload {
    /// The most common surnames in rough order of frequency, then polyphonic and compound ones.
    private static let surnames =
        Array("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤单仇解区乐查盖翟召朴缪").map(
            String.init)
        + ["欧阳", "司马", "上官", "诸葛", "令狐", "尉迟", "万俟", "长孙", "澹台", "东方"]
    private static let givenCharacters = Array(
        "伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彬鑫斌宇浩凯健俊帆帅旭宁龙林欣佳琪晨子涵梓轩浩然思雨欣怡一诺雨桐子墨文博天佑志伟建国建华国强海燕小红晓东春梅秋菊冬梅美玲丹丹婷婷亮辉刚毅云飞鹏程嘉怡紫萱"
    ).map(String.init)

    let seed: UInt64

    func names(_ count: Int) -> [String] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            // Squaring a uniform number favours the first (most common) surnames.
            let uniform = Double(generator.next() % 10_000) / 10_000
            let surname = Self.surnames[Int(uniform * uniform * Double(Self.surnames.count))]
            let length = 1 + Int(generator.next() % 4 == 0 ? 0 : 1)
            return surname
                + (0..<length).map { _ in Self.givenCharacters[Int(generator.next() % UInt64(Self.givenCharacters.count))] }.joined()
        }
    }
}
