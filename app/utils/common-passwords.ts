// The most common passwords of public breach lists (SecLists top lists, NordPass yearly lists) and
// their Brazilian favourites, lower case. Only those of 10+ characters matter, because shorter ones
// are refused by length anyway; the short classics stay to keep the list recognisable.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `123456 123456789 12345678 password qwerty 12345 1234567 111111 123123 abc123 1234567890 000000
  iloveyou 1234 password1 qwerty123 654321 666666 987654321 123321 1q2w3e4r 7777777 1q2w3e4r5t
  qwertyuiop 123qwe zxcvbnm 121212 dragon monkey letmein football baseball welcome admin admin123
  sunshine master shadow princess azerty trustno1 passw0rd superman michael jordan23 starwars
  1qaz2wsx qazwsx 112233 senha senha123 senha1234 senha12345 mudar123 mudar12345 brasil brasil123
  flamengo corinthians palmeiras saopaulo vasco gremio cruzeiro santos internacional botafogo
  flamengo123 corinthians123 palmeiras123 gabriel123 mariana123 amor123 amorzinho teamo teamo123
  jesus jesus123 deusefiel deus123 familia familia123 felicidade estrela vitoria123 lucas123
  password123 password1234 password12345 passwordpassword qwerty1234 qwerty12345 qwertyuiop123
  1234567890a a1234567890 1234567891 12345678910 0987654321 1122334455 1234554321 1111111111
  0000000000 9876543210 1231231234 123456789a 123456789q 123456789abc abcdefghij abcd123456
  abc1234567 abcdef1234 asdfghjkl asdfghjkl1 asdfghjkl123 zxcvbnm123 zxcvbnmasd qazwsxedc
  qazwsxedcrfv 1qaz2wsx3edc 1q2w3e4r5t6y 1q2w3e4r5t6y7u q1w2e3r4t5 q1w2e3r4t5y6 qwer1234qwer
  iloveyou123 iloveyou12 football123 baseball123 superman123 batman1234 starwars123 pokemon123
  minecraft minecraft123 fortnite123 princess123 sunshine123 welcome123 welcome1234 letmein123
  administrator admin12345 admin123456 administrador root123456 changeme changeme123 default123
  imobiliaria imobiliaria123 votuporanga votuporanga123 mudar@123 senha@123 senha@1234 admin@123
  admin@1234 p@ssw0rd p@ssword123 p@ssw0rd123 passw0rd123 trustno1234 whatever123 computer123
  internet123 samsung123 iphone1234 google1234 facebook123 instagram123 linkedin123 twitter123
  michael123 charlie123 jennifer123 jessica123 ashley1234 daniel1234 thomas1234 robert1234
  soccer1234 hockey1234 hunter1234 ranger1234 buster1234 tigger1234 dragon1234 monkey1234
  master1234 shadow1234 killer1234 freedom123 liverpool1 chelsea123 arsenal123 barcelona1
  realmadrid manchester juventus123 1234qwerty 12345qwert 123456qwer 1234567qwe qwertyqwerty
  asdasdasd asdasd1234 qweqweqwe qweasdzxc qweasdzxc123 zaq12wsx zaq1zaq1 1234abcd 12341234
  1234512345 1234567812 12344321 147258369 159357 159753 789456123 741852963 963852741 789456
  aaaaaaaaaa 1212121212 5555555555 6666666666 7777777777 8888888888 9999999999 2222222222`
    .split(/\s+/)
    .filter(Boolean),
);
