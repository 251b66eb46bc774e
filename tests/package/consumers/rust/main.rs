//! A cargo project using the kma crates through path dependencies: kma-sys
//! finds the installed libkma.a with pkg-config and links it statically, so
//! the program runs without any library path or environment variable.
fn main() {
    let model = kma::Model::open_default().expect("the default model");
    let mut analyzer = model.analyzer().expect("an analyzer");
    println!("{}", analyzer.analyze("아버지가방에들어가신다").expect("analysis").best());
    let mut pool = model.pool(2).expect("a pool");
    let texts: [&[u8]; 2] = ["밥".as_bytes(), b"\xff"];
    for r in pool.analyze_many_bytes(&texts).expect("a batch") {
        match r {
            Ok(a) => println!("batch: {}", a.best()),
            Err(e) => println!("batch: error at {:?}", e.offset()),
        }
    }
}
