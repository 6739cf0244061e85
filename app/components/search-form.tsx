import { Form } from "react-router";
import { useState } from "react";
import { STATUS } from "~/utils/enums";
import { CIDADES, SLIDER_ANY, SLIDER_MAX, sliderText } from "~/utils/search";
import type { HomeSearch } from "~/utils/search-schema";
import { TIPOS_BUSCA } from "~/utils/enums";
import { SearchIcon } from "./icons";
import { SearchBox } from "./search-box";

const POSITIONS = Array.from({ length: SLIDER_MAX - SLIDER_ANY + 1 }, (_, i) => SLIDER_ANY + i);

/** A 'quartos'/'banheiros' slider: 'qualquer' at the left, then 1 to 5 'ou mais' (produto §5). */
function Slider({ name, label, defaultValue }: { name: string; label: string; defaultValue: number }) {
  const [value, setValue] = useState(defaultValue);
  const id = `busca-${name}`;
  return (
    <div className="field slider-field">
      {/* The output beside the label, not inside: a label may hold no labelable element but its
          own control (an output is one). The slider's name is the label, its value aria-valuetext. */}
      <div className="field-label">
        <label htmlFor={id}>{label}</label>: <output htmlFor={id}>{sliderText(value)}</output>
      </div>
      <input
        id={id}
        type="range"
        name={name}
        min={SLIDER_ANY}
        max={SLIDER_MAX}
        step={1}
        defaultValue={defaultValue}
        aria-valuetext={sliderText(value)}
        list={`${id}-marcas`}
        onChange={(e) => setValue(Number(e.currentTarget.value))}
      />
      <datalist id={`${id}-marcas`}>
        {POSITIONS.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <div className="slider-ticks" aria-hidden="true">
        {POSITIONS.map((n) => (
          <span key={n}>{n === SLIDER_ANY ? "todos" : `${n}+`}</span>
        ))}
      </div>
    </div>
  );
}

/** The home "Pesquisa" form: a GET form, so every search has a shareable URL. */
export function SearchForm({ values }: { values: HomeSearch }) {
  return (
    <Form method="get" action="/" className="search-form" role="search" aria-labelledby="pesquisa-titulo" preventScrollReset>
      <h2 id="pesquisa-titulo">Pesquisa</h2>
      <SearchBox id="busca-q" defaultValue={values.q} />
      <div className="field">
        <label htmlFor="busca-local">Local</label>
        <select id="busca-local" name="local" defaultValue={values.local}>
          {CIDADES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="busca-status">Finalidade</label>
        <select id="busca-status" name="status" defaultValue={values.status}>
          {STATUS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {/* Temporada's two dates (issue 33): shown by CSS only while Temporada is chosen (:has), so without JavaScript too. */}
      <div className="search-dates">
        <div className="field">
          <label htmlFor="busca-chegada">Chegada</label>
          <input id="busca-chegada" type="date" name="chegada" />
        </div>
        <div className="field">
          <label htmlFor="busca-saida">Saída</label>
          <input id="busca-saida" type="date" name="saida" />
        </div>
      </div>
      <div className="field">
        <label htmlFor="busca-tipo">Tipo</label>
        <select id="busca-tipo" name="tipo" defaultValue={values.tipo}>
          <option value="Todos">Todos Imóveis</option>
          {TIPOS_BUSCA.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      <Slider name="quartos" label="Quartos" defaultValue={values.quartos} />
      <Slider name="banheiros" label="Banheiros" defaultValue={values.banheiros} />
      <button type="submit" className="btn btn-primary btn-block">
        <SearchIcon /> Buscar
      </button>
    </Form>
  );
}
