//! Adds user words and a stem, analyses with them, and joins morphemes back
//! into text. Usage: user_dict [MODEL]
fn main() -> Result<(), kma::Error> {
    let model = match std::env::args().nth(1) {
        Some(path) => kma::Model::open(path)?,
        None => kma::Model::open_default()?,
    };
    let mut dict = kma::UserDict::new(&model)?;
    dict.add_word("뉴진스", "NNP", 0.0)?;
    dict.add_word("카카오뱅크", "NNP", 0.0)?;
    dict.add_stem("힙하", "VA", "", 0.0)?;
    let with_dict = model.with_user_dict(&dict)?;
    let mut analyzer = with_dict.analyzer()?;
    for text in ["뉴진스가 카카오뱅크 광고에 나왔다.", "옷이 힙해서 샀다."] {
        println!("{}", analyzer.analyze(text)?.best());
    }
    let mut joiner = kma::Joiner::new(&model)?;
    println!("{}", joiner.join("돕/VV 아/EC 주/VX 었/EP 어요/EF")?);
    Ok(())
}
