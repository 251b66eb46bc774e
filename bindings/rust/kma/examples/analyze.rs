//! Prints each token of TEXT with its byte span. Usage: analyze [MODEL] [TEXT]
const TEXT: &str = "아버지가 방에 들어가신다.";

fn main() -> Result<(), kma::Error> {
    let args: Vec<String> = std::env::args().collect();
    let model = match args.get(1) {
        Some(path) => kma::Model::open(path)?,
        None => kma::Model::open_default()?, // $KMA_MODEL, then share/kma
    };
    let mut analyzer = model.analyzer_with(&kma::Options::new().top_n(2))?;
    let text = args.get(2).map_or(TEXT, String::as_str);
    for cand in analyzer.analyze(text)?.candidates() {
        println!("#{} {:.2}: {cand}", cand.rank(), cand.score());
        for t in cand.tokens() {
            let (form, tag, span) = (t.form(), t.tag(), t.byte_range());
            println!("  {form}/{tag} {span:?} {:?}", t.surface());
        }
    }
    Ok(())
}
