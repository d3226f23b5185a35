const fs=require('fs');const {SourceMapConsumer}=require('source-map-js');
const file=process.argv[2];const code=fs.readFileSync(file,'utf8');const map=JSON.parse(fs.readFileSync(file+'.map','utf8'));
const c=new SourceMapConsumer(map);const lines=code.split('\n');const sizes={};
let mappings=[];c.eachMapping(m=>mappings.push(m));
mappings.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
for(let i=0;i<mappings.length;i++){const m=mappings[i],n=mappings[i+1];let len;
 if(n&&n.generatedLine===m.generatedLine)len=n.generatedColumn-m.generatedColumn;else len=lines[m.generatedLine-1].length-m.generatedColumn;
 const s=(m.source||'?').replace(/.*node_modules\//,'nm:').replace(/.*apps\/web\//,'');
 const key=s.startsWith('nm:')?s.split('/').slice(0,s.startsWith('nm:@')?2:1).join('/'):s; sizes[key]=(sizes[key]||0)+len;}
Object.entries(sizes).sort((a,b)=>b[1]-a[1]).slice(0,+process.argv[3]||40).forEach(([k,v])=>console.log((v/1000).toFixed(1).padStart(7),k));
